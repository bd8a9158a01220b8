import EmojiPicker, { Categories, EmojiStyle, SuggestionMode, Theme, type EmojiClickData } from 'emoji-picker-react';
import { QUICK_REACTIONS } from '@chat/contracts';
import { Component, type ReactNode } from 'react';

/** The picker's configuration from the product specification; it names emoji by their code points ("2764-fe0f"). */
const REACTIONS = QUICK_REACTIONS.map((emoji) => [...emoji].map((char) => char.codePointAt(0)!.toString(16)).join('-'));
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
      <div className="emoji-picker-panel">
        <EmojiPicker
          onEmojiClick={(data: EmojiClickData) => onPick(data.emoji)}
          emojiStyle={EmojiStyle.NATIVE}
          theme={Theme.LIGHT}
          suggestedEmojisMode={SuggestionMode.RECENT}
          reactions={REACTIONS}
          categories={CATEGORIES}
          lazyLoadEmojis
        />
      </div>
    </PickerBoundary>
  );
}
