export { LazyEmojiPickerPanel } from './lazy-emoji-picker-panel';
export { MessageInput } from './message-input';
