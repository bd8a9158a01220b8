import type { MuteDuration } from '@chat/contracts';
import { Bell, BellOff } from 'lucide-react';
import { useState, type KeyboardEvent } from 'react';
import { formatDayTime } from '../lib/format-time';
import { usePopover } from '../lib/use-popover';
import { isMuted, useNotificationStore } from '../store/use-notification-store';

const CHOICES: { duration: MuteDuration; label: string }[] = [
  { duration: '8h', label: '8 hours' },
  { duration: '1w', label: '1 week' },
  { duration: 'always', label: 'Always' },
];

/**
 * Mutes the conversation's notifications on every device of mine, for 8 hours, a week or always
 * (asked in a menu); pressed while it is muted, and a press unmutes it.
 */
export function MuteButton({ userId }: { userId: string }) {
  const until = useNotificationStore((state) => state.mutes[userId]);
  const muted = useNotificationStore((state) => isMuted(state.mutes, userId));
  const mute = useNotificationStore((state) => state.mute);
  const unmute = useNotificationStore((state) => state.unmute);
  const [isChoosing, setChoosing] = useState(false);
  const close = () => setChoosing(false);
  const title = !muted ? 'Mute' : until ? `Muted until ${formatDayTime(until)}: unmute` : 'Muted: unmute';

  return (
    <div className="relative">
      <button
        type="button"
        className="btn btn-ghost btn-sm btn-circle"
        onClick={() => (muted ? void unmute(userId) : setChoosing(!isChoosing))}
        aria-label="Mute notifications"
        aria-pressed={muted}
        aria-haspopup={muted ? undefined : 'menu'}
        title={title}
      >
        {muted ? <BellOff className="size-5" /> : <Bell className="size-5" />}
      </button>
      {isChoosing && (
        <MuteMenu
          onClose={close}
          onPick={(duration) => {
            close();
            void mute(userId, duration);
          }}
        />
      )}
    </div>
  );
}

/** For how long: a menu (arrow keys move, Escape or a click elsewhere closes it). */
function MuteMenu({ onPick, onClose }: { onPick(duration: MuteDuration): void; onClose(): void }) {
  const ref = usePopover(onClose);

  const moveFocus = (event: KeyboardEvent) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    const items = Array.from(ref.current?.querySelectorAll('button') ?? []);
    const at = items.indexOf(document.activeElement as HTMLButtonElement);
    items[(at + (event.key === 'ArrowDown' ? 1 : items.length - 1)) % items.length]?.focus();
  };

  return (
    <div
      ref={ref}
      role="menu"
      aria-label="Mute notifications for"
      onKeyDown={moveFocus}
      className="absolute top-full right-0 z-30 mt-1 flex w-40 flex-col rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
    >
      {CHOICES.map(({ duration, label }) => (
        <button key={duration} type="button" role="menuitem" className="btn btn-ghost btn-sm justify-start font-normal" onClick={() => onPick(duration)}>
          {label}
        </button>
      ))}
    </div>
  );
}
