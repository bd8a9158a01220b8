import { DEFAULT_PAGE, routes, SOCKET_ID_HEADER, type CreateGroupBody, type RouteAnswer, type SendBody } from '@chat/contracts';
import { call, pathOf, request } from '../../api/client';

/** What the groups' screens ask the server. */
export const groupsApi = {
  /** My groups (and those I was removed from), by latest activity. */
  list: () => call(routes.listGroups),
  create: (body: CreateGroupBody) => call(routes.createGroup, { body }),
  /** Its card, members and the people its messages name. */
  get: (groupId: string) => call(routes.group, { params: { groupId } }),
  history: (groupId: string, before?: string) =>
    call(routes.groupHistory, { params: { groupId }, query: { limit: String(DEFAULT_PAGE), before } }),
  /** `socketId` spares the sending tab its own echo; `clientMessageId` makes a retry safe. */
  send: (groupId: string, { text, clientMessageId, replyTo }: SendBody, socketId: string | undefined) =>
    request<RouteAnswer<typeof routes.sendToGroup>>(
      'POST',
      pathOf(routes.sendToGroup, { groupId }),
      { text, clientMessageId, replyTo },
      socketId ? { [SOCKET_ID_HEADER]: socketId } : {},
    ),
  /** I read the group up to `upTo`. */
  read: (groupId: string, upTo: string) => call(routes.readGroupMessages, { params: { groupId }, body: { upTo } }),
};
