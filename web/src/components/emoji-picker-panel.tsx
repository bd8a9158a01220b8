import EmojiPicker, { Categories, EmojiStyle, SuggestionMode, Theme, type EmojiClickData } from 'emoji-picker-react';
import { Component, type ReactNode } from 'react';

/** The picker's configuration from the product specification. */
const REACTIONS = ['1f44d', '2764-fe0f', '1f603', '1f622', '1f64f', '1f44e', '1f621'];
const CATEGORIES = [
  Categories.SUGGESTED,
  Categories.CUSTOM,
  Categories.SMILEYS_PEOPLE,
  Categories.ANIMALS_NATURE,
  Categories.FOOD_DRINK,
  Categories.TRAVEL_PLACES,
  Categories.ACTIVITIES,
  Categories.OBJECTS,
  Categories.SYMBOLS,
  Categories.FLAGS,
];

/** A picker that fails to render shows nothing rather than taking the chat down with it. */
class PickerBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: unknown) {
    console.error('Emoji picker failed to render', error);
  }
  override render() {
    return this.state.failed ? null : this.props.children;
  }
}

export function EmojiPickerPanel({ onPick }: { onPick: (emoji: string) => void }) {
  return (
    <PickerBoundary>
      <EmojiPicker
        onEmojiClick={(data: EmojiClickData) => onPick(data.emoji)}
        emojiStyle={EmojiStyle.NATIVE}
        theme={Theme.AUTO}
        suggestedEmojisMode={SuggestionMode.RECENT}
        reactions={REACTIONS}
        categories={CATEGORIES}
        lazyLoadEmojis
      />
    </PickerBoundary>
  );
}
