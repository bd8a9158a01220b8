import { NAMED_IN_PREVIEW, type SystemEvent } from '@chat/contracts';
import { t } from '../../i18n';
import { formatList } from '../../lib/intl';

/** Who a user id is in a group's lines: their name, or "Someone" for one the group no longer names. */
export type NameOf = (userId: string) => string | undefined;

/** The people a line names: "Bob and Cat", "you and Bob", "Bob, Cat, Dan and 5 others". */
function peopleWords(userIds: string[], myId: string, nameOf: NameOf): string {
  const named = userIds.slice(0, NAMED_IN_PREVIEW).map((userId) => (userId === myId ? t('you') : (nameOf(userId) ?? t('Someone'))));
  const others = userIds.length - named.length;
  return others > 0 ? t('{{names}} and {{count}} others', { names: named.join(', '), count: others }) : formatList(named);
}

/** A line of a group's story in the reader's language: "Ann added Bob", "You changed the group name to “Hikers”". */
export function systemLineText(event: SystemEvent, myId: string, nameOf: NameOf): string {
  const mine = event.actorId === myId;
  const actor = nameOf(event.actorId) ?? t('Someone');
  switch (event.kind) {
    case 'created':
      return mine
        ? t('You created the group “{{name}}”', { name: event.name })
        : t('{{actor}} created the group “{{name}}”', { actor, name: event.name });
    case 'added':
      if (event.userIds.length === 1 && event.userIds[0] === myId) return t('{{actor}} added you', { actor });
      return mine
        ? t('You added {{people}}', { people: peopleWords(event.userIds, myId, nameOf) })
        : t('{{actor}} added {{people}}', { actor, people: peopleWords(event.userIds, myId, nameOf) });
    case 'removed':
      if (event.userIds.length === 1 && event.userIds[0] === myId) return t('{{actor}} removed you', { actor });
      return mine
        ? t('You removed {{people}}', { people: peopleWords(event.userIds, myId, nameOf) })
        : t('{{actor}} removed {{people}}', { actor, people: peopleWords(event.userIds, myId, nameOf) });
    case 'left':
      return mine ? t('You left') : t('{{actor}} left', { actor });
    case 'joined':
      return mine ? t('You joined using the invite link') : t('{{actor}} joined using the invite link', { actor });
    case 'renamed':
      return mine
        ? t('You changed the group name to “{{name}}”', { name: event.name })
        : t('{{actor}} changed the group name to “{{name}}”', { actor, name: event.name });
    case 'described':
      return mine ? t('You changed the group description') : t('{{actor}} changed the group description', { actor });
    case 'picture':
      if (event.removed) return mine ? t('You removed the group’s picture') : t('{{actor}} removed the group’s picture', { actor });
      return mine ? t('You changed the group’s picture') : t('{{actor}} changed the group’s picture', { actor });
    case 'rules':
      return mine ? t('You changed the group’s settings') : t('{{actor}} changed the group’s settings', { actor });
    case 'promoted':
      return mine
        ? t('You made {{people}} an admin', { people: peopleWords(event.userIds, myId, nameOf) })
        : t('{{actor}} made {{people}} an admin', { actor, people: peopleWords(event.userIds, myId, nameOf) });
    case 'demoted':
      return mine
        ? t('You dismissed {{people}} as admin', { people: peopleWords(event.userIds, myId, nameOf) })
        : t('{{actor}} dismissed {{people}} as admin', { actor, people: peopleWords(event.userIds, myId, nameOf) });
  }
}
