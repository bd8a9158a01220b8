import { useState } from 'react';
import { usePopover } from '../../ui/use-popover';
import { LazyEmojiPickerPanel } from '../composer';
import { QuickReactions } from './quick-reactions';
import { useTranslation } from 'react-i18next';

/**
 * The reactions offered on a message: the picker's reaction set in one row, and "+" for any other
 * emoji. Escape or a click elsewhere closes it.
 */
export function ReactionPicker({ align, onPick, onClose }: { align: 'start' | 'end'; onPick(emoji: string): void; onClose(): void }) {
  const { t } = useTranslation();
  const [isFullPicker, setFullPicker] = useState(false);
  const ref = usePopover(onClose);

  return (
    <div
      ref={ref}
      className={`absolute top-7 z-30 ${align === 'end' ? 'end-1' : 'start-1'}`}
      role="dialog"
      aria-label={t('React to message')}
      data-testid="reaction-picker"
    >
      {isFullPicker ? (
        <LazyEmojiPickerPanel onPick={onPick} />
      ) : (
        <QuickReactions
          className="rounded-full border border-base-300 bg-base-100 p-1 shadow-lg"
          onPick={onPick}
          onMore={() => setFullPicker(true)}
        />
      )}
    </div>
  );
}
