export { typingKey, typistsIn } from './typing-slice';
