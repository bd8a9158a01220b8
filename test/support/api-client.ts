import type { AuthUser } from '@chat/contracts';
import { eventually } from './sockets.js';

export interface ApiResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

/** A browser-like HTTP client: one cookie jar, JSON in and out, over real HTTP. */
export class ApiClient {
  cookie = '';

  constructor(readonly baseUrl: string) {}

  async request<T = any>(method: string, path: string, body?: unknown, headers: Record<string, string> = {}): Promise<ApiResponse<T>> {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        // A form names its own multipart type, with its boundary.
        ...(body === undefined || body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : typeof body === 'string' || body instanceof FormData ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie().find((c) => c.startsWith('jwt='));
    if (setCookie) {
      const value = setCookie.split(';')[0]!;
      this.cookie = value === 'jwt=' ? '' : value;
    }
    const type = response.headers.get('content-type') ?? '';
    const parsed = type.includes('application/json') ? await response.json() : Buffer.from(await response.arrayBuffer());
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get = <T = any>(path: string) => this.request<T>('GET', path);
  post = <T = any>(path: string, body?: unknown, headers?: Record<string, string>) => this.request<T>('POST', path, body, headers);
  put = <T = any>(path: string, body?: unknown) => this.request<T>('PUT', path, body);
  delete = <T = any>(path: string) => this.request<T>('DELETE', path);

  /** Sends a file (a document) to a user or a group as the web app does: multipart, its fields first, then the file. */
  sendFile = <T = any>(
    to: string | { groupId: string },
    file: { name: string; bytes: Uint8Array },
    fields: Record<string, string> = {},
  ) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    form.append('file', new Blob([new Uint8Array(file.bytes)]), file.name);
    const path = typeof to === 'string' ? `/api/messages/send-file/${to}` : `/api/messages/groups/${to.groupId}/send-file`;
    return this.request<T>('POST', path, form);
  };

  /** Signs up a fresh user and keeps the session cookie. */
  async signup(
    fullName: string,
    email = `${fullName.toLowerCase().replace(/\W+/g, '.')}.${Date.now()}.${Math.random().toString(36).slice(2, 7)}@example.com`,
    password = 'secret123',
  ) {
    const response = await this.post('/api/auth/signup', { fullName, email, password });
    if (response.status !== 201) throw new Error(`signup failed: ${response.status} ${JSON.stringify(response.body)}`);
    return response.body as AuthUser;
  }

  /**
   * Waits until this user's contact list shows `userId`. Contacts are a projection fed by events,
   * so a user who just signed up can be messaged only once the messages service has heard of them.
   */
  async waitForContact(userId: string, timeoutMs = 10_000): Promise<void> {
    const listed = async () => {
      const contacts = (await this.get('/api/messages/users')).body as { _id: string }[];
      return Array.isArray(contacts) && contacts.some((contact) => contact._id === userId);
    };
    await eventually(listed, `user ${userId} in the contacts`, timeoutMs, 50);
  }
}
