import { QUICK_REACTIONS } from '@chat/contracts';
import { Plus } from 'lucide-react';
import { useState } from 'react';
import { usePopover } from '../../ui/use-popover';
import { LazyEmojiPickerPanel } from '../composer';

/**
 * The reactions offered on a message: the picker's reaction set in one row, and "+" for any other
 * emoji. Escape or a click elsewhere closes it.
 */
export function ReactionPicker({ align, onPick, onClose }: { align: 'start' | 'end'; onPick(emoji: string): void; onClose(): void }) {
  const [isFullPicker, setFullPicker] = useState(false);
  const ref = usePopover(onClose);

  return (
    <div
      ref={ref}
      className={`absolute top-full z-30 mt-1 ${align === 'end' ? 'right-0' : 'left-0'}`}
      role="dialog"
      aria-label="React to message"
      data-testid="reaction-picker"
    >
      {isFullPicker ? (
        <LazyEmojiPickerPanel onPick={onPick} />
      ) : (
        <div className="flex items-center gap-0.5 rounded-full border border-base-300 bg-base-100 p-1 shadow-lg">
          {QUICK_REACTIONS.map((emoji) => (
            <button
              key={emoji}
              type="button"
              className="btn btn-ghost btn-sm btn-circle text-lg"
              aria-label={`React ${emoji}`}
              onClick={() => onPick(emoji)}
            >
              {emoji}
            </button>
          ))}
          <button type="button" className="btn btn-ghost btn-sm btn-circle" aria-label="More reactions" onClick={() => setFullPicker(true)}>
            <Plus className="size-4" />
          </button>
        </div>
      )}
    </div>
  );
}
