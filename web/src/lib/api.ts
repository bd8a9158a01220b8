/** Every call the web app makes to the server, with the session cookie, under /api. */

export interface AuthUser {
  _id: string;
  fullName: string;
  email: string;
  profilePic: string;
  createdAt: string;
}

export interface Contact {
  _id: string;
  fullName: string;
  profilePic: string;
}

export interface Message {
  _id: string;
  senderId: string;
  receiverId: string;
  text: string | null;
  image: string | null;
  createdAt: string;
}

export interface OutgoingMessage {
  text: string;
  image: string | null;
}

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

const BASE = '/api';

async function request<T>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<T> {
  let response: Response;
  try {
    response = await fetch(BASE + path, {
      method,
      credentials: 'include',
      headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    throw new ApiError('Cannot reach the server. Check your connection.', 0);
  }
  const data: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const message = (data as { message?: unknown } | undefined)?.message;
    throw new ApiError(typeof message === 'string' ? message : 'Something went wrong', response.status);
  }
  return data as T;
}

export const PAGE_SIZE = 50;

export const api = {
  checkAuth: () => request<AuthUser>('GET', '/auth/check'),
  signup: (body: { fullName: string; email: string; password: string }) => request<AuthUser>('POST', '/auth/signup', body),
  login: (body: { email: string; password: string }) => request<AuthUser>('POST', '/auth/login', body),
  logout: () => request<{ message: string }>('POST', '/auth/logout'),
  updateProfile: (profilePic: string) => request<AuthUser>('PUT', '/auth/update-profile', { profilePic }),
  getUsers: () => request<Contact[]>('GET', '/messages/users'),
  getMessages: (userId: string, before?: string) =>
    request<Message[]>(
      'GET',
      `/messages/${encodeURIComponent(userId)}?limit=${PAGE_SIZE}${before ? `&before=${encodeURIComponent(before)}` : ''}`,
    ),
  /** `socketId` spares the sending tab its own echo; `clientMessageId` makes a retry safe. */
  sendMessage: (userId: string, message: OutgoingMessage & { clientMessageId: string }, socketId?: string) =>
    request<Message>('POST', `/messages/send/${encodeURIComponent(userId)}`, message, socketId ? { 'x-socket-id': socketId } : {}),
};
