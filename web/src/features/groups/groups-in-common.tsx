import { useTranslation } from 'react-i18next';
import { useAnswer } from '../../api/use-answer';
import { useChatStore } from '../../store/use-chat-store';
import { GroupAvatar } from '../../ui/group-avatar';
import { groupsApi } from './groups-api';

/**
 * "2 groups in common" in a person's contact info, as WhatsApp's: the groups we are both in now, by
 * name, each opening the group. Nothing while they come, or when there are none.
 */
export function GroupsInCommon({ userId }: { userId: string }) {
  const { t } = useTranslation();
  const groups = useAnswer(userId, groupsApi.inCommon);
  if (!groups?.length) return null;
  return (
    <section aria-labelledby="groups-in-common" className="border-b border-base-300 px-2 py-3">
      <h3 id="groups-in-common" className="px-2 text-sm font-medium text-muted">
        {t('{{count}} groups in common', { count: groups.length })}
      </h3>
      <ul>
        {groups.map((group) => (
          <li key={group._id}>
            <button
              type="button"
              className="flex w-full items-center gap-3 rounded-md p-2 text-start hover:bg-base-200 focus-visible:bg-base-200"
              onClick={() => useChatStore.getState().setSelectedGroup(group)}
            >
              <GroupAvatar picture={group.picture} name={group.name} className="size-10 shrink-0" />
              <span className="min-w-0 flex-1">
                {/* Isolated in a line of the page's direction: a Latin name stays at the start of an Arabic page's row. */}
                <span className="block truncate font-medium">
                  <bdi>{group.name}</bdi>
                </span>
                <span className="block truncate text-xs text-muted">{t('{{count}} members', { count: group.memberCount })}</span>
              </span>
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
