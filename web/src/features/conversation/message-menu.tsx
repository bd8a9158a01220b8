import { createPortal } from 'react-dom';
import { usePopover } from '../../ui/use-popover';
import type { MessageAction } from './message-action-list';
import { QuickReactions } from './quick-reactions';
import { useTranslation } from 'react-i18next';

/** Where a message's menu was asked for, in the window's coordinates. */
export interface MenuPoint {
  x: number;
  y: number;
}

const MENU_WIDTH_PX = 296;

/** Beside the pointer, kept inside the window: below it in the window's upper half, above it in the lower. */
function placeBeside({ x, y }: MenuPoint) {
  const left = Math.max(8, Math.min(x, window.innerWidth - MENU_WIDTH_PX - 8));
  return y < window.innerHeight / 2 ? { left, top: y } : { left, bottom: window.innerHeight - y };
}

interface MessageMenuProps {
  at: MenuPoint;
  actions: MessageAction[];
  /** Reacts with one of the quick reactions, when the message takes reactions. */
  onReact?(emoji: string): void;
  onMoreReactions(): void;
  onClose(): void;
}

/**
 * A message's menu, as messengers open it with a right-click or a long-press: the quick reactions,
 * then its actions. A sheet from the bottom on a phone, beside the pointer elsewhere. Escape, a
 * press outside or a choice closes it.
 */
export function MessageMenu({ at, actions, onReact, onMoreReactions, onClose }: MessageMenuProps) {
  const { t } = useTranslation();
  const ref = usePopover(onClose);
  const choose = (run: () => void) => () => {
    onClose();
    run();
  };
  return createPortal(
    <>
      <div className="fixed inset-0 z-40 bg-black/40 md:hidden" aria-hidden="true" />
      <div
        ref={ref}
        role="menu"
        aria-label={t('Message actions')}
        style={window.matchMedia('(min-width: 48rem)').matches ? { ...placeBeside(at), width: MENU_WIDTH_PX } : undefined}
        className="fixed z-50 border border-base-300 bg-base-100 py-2 shadow-xl max-md:inset-x-0 max-md:bottom-0 max-md:rounded-t-2xl max-md:pb-[max(0.5rem,env(safe-area-inset-bottom))] md:rounded-box"
      >
        {onReact && (
          <QuickReactions
            role="menuitem"
            className="justify-between border-b border-base-300 px-2 pb-2"
            onPick={(emoji) => choose(() => onReact(emoji))()}
            onMore={choose(onMoreReactions)}
          />
        )}
        {actions.map((action) => (
          <button
            key={action.label}
            type="button"
            role="menuitem"
            // Named in English whatever the language shown, for scripts that drive the app (the tour).
            data-action={action.label}
            className="flex min-h-11 w-full items-center gap-3 px-4 text-start hover:bg-base-200 focus-visible:bg-base-200 [&_svg]:size-5"
            onClick={choose(action.run)}
          >
            {action.icon}
            {t(action.label)}
          </button>
        ))}
      </div>
    </>,
    document.body,
  );
}
