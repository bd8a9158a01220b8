import {
  API_PREFIX,
  ARCHIVED_COUNT_HEADER,
  DEFAULT_PAGE,
  NEXT_CURSOR_HEADER,
  SEND_FILE_PART,
  SOCKET_ID_HEADER,
  SOCKET_SEND_TIMEOUT_MS,
  type ChangePasswordBody,
  type InboxEntry,
  type LoginBody,
  type Message,
  type MuteDuration,
  type QuotedMessage,
  type Route,
  type RouteAnswer,
  type RouteInput,
  routes,
  type SendBody,
  type SharedKind,
  type SignupBody,
  type SocketSendAnswer,
  type UpdateSettingsBody,
} from '@chat/contracts';
import type { ChatSocket } from '../realtime/socket';
import { translatable } from '../i18n';

export interface OutgoingMessage {
  text: string;
  image: string | null;
  /** A file (a document) to send, with the text as its caption. */
  file?: File | null;
  /** The file is a voice message this many seconds long. */
  voiceSeconds?: number;
  /** The message it answers, as quoted while it is on its way (only the id is sent). */
  replyTo?: QuotedMessage | null;
  /** Its sender removed its first web link's card. */
  noLinkPreview?: boolean;
  /** In a group: the members its text mentions. */
  mentions?: string[];
}

/** Whom a message goes to: a person, or a group (by its own routes). */
export type SendTo = { userId: string } | { groupId: string };

/** A failed call, carrying the server's own message for the toast. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** One page of the inbox, and what to pass for the next one (null on the last). */
export interface InboxPage {
  entries: InboxEntry[];
  next: string | null;
  /** How many conversations I archived, on the inbox's and the archive's pages; null on a search's or the online ones'. */
  archivedCount?: number | null;
}

export async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  return (await exchange<T>(method, path, body, headers)).data;
}

/** No answer came: the server could not be reached. */
const unreachable = () => new ApiError(translatable('Cannot reach the server. Check your connection.'), 0);

/** A refusal as the server worded it (`{message}`), or a generic one when it said nothing readable. */
function refusal(data: unknown, status: number): ApiError {
  const message = (data as { message?: unknown } | undefined)?.message;
  return new ApiError(typeof message === 'string' ? message : translatable('Something went wrong'), status);
}

async function exchange<T>(
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ data: T; headers: Headers }> {
  let response: Response;
  try {
    response = await fetch(API_PREFIX + path, {
      method,
      credentials: 'include',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw unreachable();
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) throw refusal(data, response.status);
  return { data: data as T, headers: response.headers };
}

/**
 * A JSON POST whose upload progress is reported (0 to 1) as it goes: fetch cannot tell, so an
 * XMLHttpRequest does it; errors as `request` throws them.
 */
function postWithProgress<T>(
  path: string,
  body: unknown,
  headers: Record<string, string>,
  onProgress: (fraction: number) => void,
): Promise<T> {
  const isForm = body instanceof FormData;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', API_PREFIX + path);
    xhr.withCredentials = true;
    // A form names its own multipart type, with its boundary.
    if (!isForm) xhr.setRequestHeader('content-type', 'application/json');
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(event.loaded / event.total);
    };
    xhr.onerror = () => reject(unreachable());
    xhr.onload = () => {
      let data: unknown;
      try {
        data = JSON.parse(xhr.responseText);
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(data as T);
      else reject(refusal(data, xhr.status));
    };
    xhr.send(isForm ? body : JSON.stringify(body));
  });
}

/**
 * Calls a route of the contracts, sending what it takes (its path's parameters, query and body)
 * and answering what it answers, both typed from `packages/contracts`.
 */
export async function call<R extends Route>(route: R, ...input: RouteCallInput<R>): Promise<RouteAnswer<R>> {
  return (await exchangeRoute(route, ...input)).data;
}

/** A page of a paged route's list, and the cursor of the page after it (null on the last). */
export async function callPage<R extends Route>(
  route: R,
  ...input: RouteCallInput<R>
): Promise<{ entries: RouteAnswer<R>; next: string | null }> {
  const { data, headers } = await exchangeRoute(route, ...input);
  return { entries: data, next: headers.get(NEXT_CURSOR_HEADER) };
}

/** What a call of `R` is given: nothing for a route that takes nothing. */
type RouteCallInput<R extends Route> = keyof RouteInput<R> extends never ? [] : [RouteInput<R>];

/** As `call`, with the answer's headers. */
function exchangeRoute<R extends Route>(route: R, ...[input]: RouteCallInput<R>): Promise<{ data: RouteAnswer<R>; headers: Headers }> {
  const given = (input ?? {}) as { params?: Record<string, string>; query?: Record<string, string | undefined>; body?: unknown };
  return exchange<RouteAnswer<R>>(route.method, pathOf(route, given.params ?? {}) + query(given.query ?? {}), given.body);
}

/** The route's path with its parameters filled in. */
export const pathOf = (route: Route, params: Record<string, string>) =>
  route.url.replace(/:(\w+)/g, (_whole, name: string) => encodeURIComponent(params[name] ?? ''));

const query = (params: Record<string, string | undefined>) => {
  const defined = Object.entries(params).filter((entry): entry is [string, string] => entry[1] !== undefined && entry[1] !== '');
  return defined.length === 0 ? '' : `?${new URLSearchParams(defined).toString()}`;
};

/** My data as a zip: a link the browser follows and saves, with the name the server gives. */
export const EXPORT_URL = `${API_PREFIX}/messages/export`;

/** Every call the web app makes to the server, with the session cookie, under /api. */
export const api = {
  checkAuth: () => call(routes.checkSession),
  getIceServers: () => call(routes.iceServers),
  signup: (body: SignupBody) => call(routes.signup, { body }),
  login: (body: LoginBody) => call(routes.login, { body }),
  logout: () => call(routes.logout),
  logoutAll: () => call(routes.logoutAll),
  deleteAccount: (password: string) => call(routes.deleteAccount, { body: { password } }),
  changePassword: (body: ChangePasswordBody) => call(routes.changePassword, { body }),
  updateProfile: (profilePic: string) => call(routes.updateProfilePicture, { body: { profilePic } }),
  removeProfilePic: () => call(routes.removeProfilePicture),
  updateAbout: (about: string) => call(routes.updateAbout, { body: { about } }),
  updateSettings: (settings: UpdateSettingsBody) => call(routes.updateSettings, { body: settings }),
  /** A page of the inbox: conversations first, then everyone else; `q` keeps names with words starting so. */
  /** A page of the sidebar: `online` for those online now only ("Show online only"), however many there are. */
  getUsers: async ({
    online,
    archived,
    ...params
  }: { q?: string; cursor?: string; online?: boolean; archived?: boolean } = {}): Promise<InboxPage> => {
    const { data, headers } = await exchangeRoute(routes.inbox, {
      query: { ...params, online: online ? 'true' : undefined, archived: archived ? 'true' : undefined },
    });
    const archivedCount = headers.get(ARCHIVED_COUNT_HEADER);
    return { entries: data, next: headers.get(NEXT_CURSOR_HEADER), archivedCount: archivedCount === null ? null : Number(archivedCount) };
  },
  /** Everything from that user up to and including `upTo` has been read here. */
  markRead: (userId: string, upTo: string) => call(routes.markRead, { params: { id: userId }, body: { upTo } }),
  getMessages: (userId: string, before?: string) =>
    call(routes.history, { params: { id: userId }, query: { limit: String(DEFAULT_PAGE), before } }),
  /**
   * `socketId` spares the sending tab its own echo; `clientMessageId` makes a retry safe. A message
   * with an image reports how much of it is uploaded to `onUploadProgress`.
   */
  sendMessage: (to: SendTo, message: SendBody, socketId?: string, onUploadProgress?: (fraction: number) => void) => {
    const path = 'groupId' in to ? pathOf(routes.sendToGroup, { groupId: to.groupId }) : pathOf(routes.sendMessage, { id: to.userId });
    const headers: Record<string, string> = socketId ? { [SOCKET_ID_HEADER]: socketId } : {};
    type Sent = RouteAnswer<typeof routes.sendMessage>;
    return message.image && onUploadProgress
      ? postWithProgress<Sent>(path, message, headers, onUploadProgress)
      : request<Sent>('POST', path, message, headers);
  },
  /** A file (a document) with its caption, over HTTP as multipart: the fields first, then the file. */
  sendFile: (
    to: SendTo,
    {
      file,
      name,
      text,
      clientMessageId,
      replyTo,
      voiceSeconds,
    }: { file: Blob; name: string; text: string | null; clientMessageId: string; replyTo?: string; voiceSeconds?: number },
    socketId: string | undefined,
    onUploadProgress: (fraction: number) => void,
  ) => {
    const form = new FormData();
    if (text) form.append('text', text);
    form.append('clientMessageId', clientMessageId);
    if (replyTo) form.append('replyTo', replyTo);
    if (voiceSeconds) form.append('voiceSeconds', String(voiceSeconds));
    form.append(SEND_FILE_PART, file, name);
    const headers: Record<string, string> = socketId ? { [SOCKET_ID_HEADER]: socketId } : {};
    const path = 'groupId' in to ? pathOf(routes.sendFileToGroup, { groupId: to.groupId }) : pathOf(routes.sendFile, { id: to.userId });
    return postWithProgress<RouteAnswer<typeof routes.sendFile>>(path, form, headers, onUploadProgress);
  },
  /**
   * A text over the realtime connection: no HTTP request, and the sending tab gets no echo. Answered
   * and refused as `sendMessage` is; no answer in time is as if the server could not be reached.
   */
  sendOverSocket: async (
    socket: ChatSocket,
    userId: string,
    { text, clientMessageId, replyTo, forwardOf, linkPreview }: SendBody,
  ): Promise<Message> => {
    let answer: SocketSendAnswer;
    try {
      // Socket.IO's types lose the acknowledgement's type once a timeout is set.
      answer = (await socket
        .timeout(SOCKET_SEND_TIMEOUT_MS)
        .emitWithAck('sendMessage', { to: userId, text, clientMessageId, replyTo, forwardOf, linkPreview })) as SocketSendAnswer;
    } catch {
      throw unreachable();
    }
    if ('error' in answer) throw new ApiError(answer.error.message, answer.error.status);
    return answer.message;
  },
  editMessage: (messageId: string, text: string) => call(routes.editMessage, { params: { messageId }, body: { text } }),
  deleteMessage: (messageId: string) => call(routes.deleteMessage, { params: { messageId } }),
  /** One kind of what my conversation with the user holds (its photos, files or links), newest first, a page of DEFAULT_PAGE. */
  /** A contact as their contact info shows them, with their "About". */
  getContactCard: (userId: string) => call(routes.contactCard, { params: { id: userId } }),
  getShared: (userId: string, kind: SharedKind, options: { before?: string } = {}) =>
    call(routes.shared, { params: { id: userId }, query: { kind, before: options.before } }),
  /** Deletes messages of my conversation with the user for me alone; answers what my inbox entry shows now. */
  deleteForMe: (userId: string, messageIds: string[]) => call(routes.deleteForMe, { params: { id: userId }, body: { messageIds } }),
  /** Clears my conversation with the user for me alone: its messages so far, up to `upTo`, are gone from my devices. */
  clearChat: (userId: string) => call(routes.clearChat, { params: { id: userId } }),
  /**
   * My messages (or those with one person) holding the start of every word of `q`, newest first,
   * a page of DEFAULT_PAGE; the next page starts `before` the last one found.
   */
  searchMessages: (q: string, options: { with?: string; before?: string } = {}) =>
    call(routes.searchMessages, { query: { q, with: options.with, before: options.before } }),
  /** Toggles my reaction: the same emoji again takes it back. */
  react: (messageId: string, emoji: string) => call(routes.reactToMessage, { params: { messageId }, body: { emoji } }),
  /** Stars (or unstars) a message I sent or received: a bookmark of mine on every device, which the other person never sees. */
  star: (messageId: string, starred: boolean) => call(starred ? routes.starMessage : routes.unstarMessage, { params: { messageId } }),
  /** The messages I starred, newest first, a page of DEFAULT_PAGE; the next page starts `before` the last one. */
  getStarred: (options: { before?: string } = {}) => call(routes.listStarred, { query: { before: options.before } }),
  /** Their messages to me are refused, and neither of us sees the other's presence. */
  block: (userId: string) => call(routes.blockUser, { params: { id: userId } }),
  unblock: (userId: string) => call(routes.unblockUser, { params: { id: userId } }),
  /** The contacts I blocked, by name. */
  getBlocked: () => call(routes.listBlocked),
  /** What my photos and files take of the server's store, and what they may. */
  getStorage: () => call(routes.storage),
  /** The card of a web page, as the server fetched it (null when it has none). */
  getLinkPreview: (url: string) => call(routes.linkPreview, { query: { url } }),
  /** Pins my conversation with the user to the top of my inbox, on every device of mine. */
  pin: (userId: string) => call(routes.pinConversation, { params: { id: userId } }),
  unpin: (userId: string) => call(routes.unpinConversation, { params: { id: userId } }),
  /** Moves my conversation with the user out of my inbox into the archive, on every device of mine. */
  archive: (userId: string) => call(routes.archiveConversation, { params: { id: userId } }),
  unarchive: (userId: string) => call(routes.unarchiveConversation, { params: { id: userId } }),
  /** Marks my conversation with the user unread to come back to it (or clears the mark), on every device of mine. */
  markUnread: (userId: string, marked: boolean) => call(marked ? routes.markUnread : routes.unmarkUnread, { params: { id: userId } }),
  /** Mutes my conversation with the user on every device of mine, for `duration`; answers until when. */
  mute: (userId: string, duration: MuteDuration) => call(routes.muteConversation, { params: { id: userId }, body: { for: duration } }),
  unmute: (userId: string) => call(routes.unmuteConversation, { params: { id: userId } }),
  /** The conversations I have muted now. */
  getMutes: () => call(routes.listMutes),
};
