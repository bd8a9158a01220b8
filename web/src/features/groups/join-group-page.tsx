import { GROUP_ERRORS } from '@chat/contracts';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { useChatStore } from '../../store/use-chat-store';
import { NotFound } from '../../ui/not-found';

/** An invite link opened: joins its group and opens it; a link that no longer works says so, with the way home. */
export function JoinGroupPage() {
  const { t } = useTranslation();
  const { code = '' } = useParams();
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let current = true;
    void useChatStore
      .getState()
      .joinGroup(code)
      .then((joined) => {
        if (!current) return;
        const groupId = useChatStore.getState().selectedGroup?._id;
        if (joined && groupId) void navigate(`/chat/${groupId}`, { replace: true });
        else setFailed(true);
      });
    return () => {
      current = false;
    };
  }, [code, navigate]);
  return (
    <main className="flex min-h-screen flex-col pt-16">
      {failed ? (
        <NotFound title={t('Invite link')} text={t(GROUP_ERRORS.badInvite)} home={t('Back to chats')} />
      ) : (
        <p className="m-auto text-muted" role="status">
          {t('Joining the group…')}
        </p>
      )}
    </main>
  );
}
