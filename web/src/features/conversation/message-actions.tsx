import { useCallback, useState } from 'react';
import { messageActionsOf, type MessageAction, type MessageHandlers, type MessageState } from './message-action-list';
import { MessageMenu, type MenuPoint } from './message-menu';
import { ReactionPicker } from './reaction-picker';

/** A small button beside a message's time, shown while the message is hovered or the button focused. */
function MessageActionButton({ action }: { action: MessageAction }) {
  return (
    <button
      type="button"
      className="btn btn-ghost btn-xs opacity-0 group-hover:opacity-100 focus-visible:opacity-100 pointer-coarse:hidden [&_svg]:size-3"
      aria-label={action.label}
      onClick={action.run}
    >
      {action.icon}
    </button>
  );
}

interface MessageActionsProps {
  state: MessageState;
  handlers: MessageHandlers;
  /** Where its menu was asked for (a right-click, a long-press), while it is open. */
  menuAt: MenuPoint | null;
  onCloseMenu(): void;
}

/**
 * What one can do with a message: as buttons beside its time (shown on hover, for a mouse), and as
 * its menu; and the reaction picker either opens.
 */
export function MessageActions({ state, handlers, menuAt, onCloseMenu }: MessageActionsProps) {
  const [isPickingReaction, setPickingReaction] = useState(false);
  const closePicker = useCallback(() => setPickingReaction(false), []);
  const { message, isOwn, isStored } = state;
  const { onReact } = handlers;
  const actions = messageActionsOf(state, handlers, () => setPickingReaction(true));
  const react = isStored && onReact ? (emoji: string) => onReact(message, emoji) : undefined;
  return (
    <>
      {actions.map((action) => (
        <MessageActionButton key={action.label} action={action} />
      ))}
      {menuAt && (
        <MessageMenu
          at={menuAt}
          actions={actions.filter((action) => action.label !== 'React')}
          onReact={react}
          onMoreReactions={() => setPickingReaction(true)}
          onClose={onCloseMenu}
        />
      )}
      {isPickingReaction && react && (
        <ReactionPicker
          align={isOwn ? 'end' : 'start'}
          onClose={closePicker}
          onPick={(emoji) => {
            closePicker();
            react(emoji);
          }}
        />
      )}
    </>
  );
}
