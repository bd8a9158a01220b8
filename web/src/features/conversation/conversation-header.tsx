import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { useChatStore } from '../../store/use-chat-store';
import { DeleteGroupDialog, GroupHeader } from '../groups';
import { ChatHeader } from './chat-header';
import { ClearChatDialog } from './clear-chat-dialog';
import { ConversationMenu } from './conversation-menu';
import { SharedItems } from './shared-items';

/** The person's header, or the group's with its "⋮" menu (opening its info, clearing it, deleting it once I am out) and what it shared. */
export function ConversationHeader({ conversationId, isGroup, nameOf, onSearch }: ConversationHeaderProps) {
  const { groupName, isOut } = useChatStore(
    useShallow((state) => ({ groupName: state.selectedGroup?.name ?? '', isOut: Boolean(state.selectedGroup?.removed) })),
  );
  const [confirming, setConfirming] = useState<'clear' | 'delete' | null>(null);
  if (!isGroup) return <ChatHeader onSearch={onSearch} />;
  const group = { _id: conversationId, name: groupName };
  return (
    <>
      <GroupHeader
        menu={(showInfo) => (
          <ConversationMenu
            userId={conversationId}
            isGroup
            onShowInfo={showInfo}
            onClear={() => setConfirming('clear')}
            onDelete={isOut ? () => setConfirming('delete') : undefined}
          />
        )}
        onSearch={onSearch}
        shared={(closeInfo) => <SharedItems conversationId={conversationId} nameOf={nameOf} onShown={closeInfo} />}
      />
      <ClearChatDialog
        chat={confirming === 'clear' ? { id: conversationId, name: groupName, isGroup: true } : null}
        onDone={() => setConfirming(null)}
      />
      <DeleteGroupDialog group={confirming === 'delete' ? group : null} onDone={() => setConfirming(null)} />
    </>
  );
}

interface ConversationHeaderProps {
  conversationId: string;
  isGroup: boolean;
  nameOf(userId: string): string;
  onSearch(): void;
}
