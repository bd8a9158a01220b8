import { useCallback, useState } from 'react';
import { messageActionsOf, type MessageAction, type MessageHandlers, type MessageState } from './message-action-list';
import { MessageMenu, type MenuPoint } from './message-menu';
import { ReactionPicker } from './reaction-picker';
import { useTranslation } from 'react-i18next';

/** A small button of a message's toolbar. */
function MessageActionButton({ action }: { action: MessageAction }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="btn btn-ghost btn-xs [&_svg]:size-3" aria-label={t(action.label)} onClick={action.run}>
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
 * What one can do with a message: as a toolbar beside it (shown on hover, for a mouse), and as
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
      {/* On the side away from the bubble, shown while the message is hovered or a button focused; touch has the menu. */}
      <div
        className={`absolute top-0 z-10 flex rounded-field bg-base-100 opacity-0 shadow-sm group-hover:opacity-100 focus-within:opacity-100 pointer-coarse:hidden ${isOwn ? 'start-1' : 'end-1'}`}
      >
        {actions
          .filter((action) => action.only !== 'menu')
          .map((action) => (
            <MessageActionButton key={action.label} action={action} />
          ))}
      </div>
      {menuAt && (
        <MessageMenu
          at={menuAt}
          actions={actions.filter((action) => action.only !== 'toolbar')}
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
