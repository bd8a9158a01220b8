import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE, type InboxEntry, type Message } from '@chat/contracts';
import { api, ApiError } from '../../src/api/client';
import type { ChatSocket } from '../../src/realtime/socket';
import { useAuthStore } from '../../src/store/use-auth-store';
import { MAX_SEND_ATTEMPTS, pendingAsMessage, useChatStore } from '../../src/store/use-chat-store';
import { aMessage } from '../../../test/support/a-message';
import { me } from '../../../test/support/an-auth-user';

const bob = { _id: 'bob', fullName: 'Bob', profilePic: '', lastSeen: null };
const message = (id: number): Message =>
  aMessage({ _id: String(id), senderId: 'bob', receiverId: 'me', text: `message ${id}`, createdAt: '' });
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => message(from + i));
const ids = () => useChatStore.getState().messages.map((m) => Number(m._id));

beforeEach(() => {
  // Each test starts as a sign-in after another user's does: what the store remembers beside its
  // state (reads, typing, receipts) is forgotten, whatever ran before (test/setup.ts resets the state).
  useAuthStore.setState({ authUser: null });
  vi.spyOn(api, 'markRead').mockResolvedValue(undefined);
  useAuthStore.setState({ authUser: me });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('re-fetching the open conversation after a reconnect', () => {
  it('merges a latest page that overlaps what is shown, keeping older pages', async () => {
    useChatStore.setState({ selectedUser: bob, messages: range(1, 60), hasOlderMessages: false });
    vi.spyOn(api, 'getMessages').mockResolvedValue(range(31, 80));
    await useChatStore.getState().getMessages('bob');
    expect(ids()).toEqual(range(1, 80).map((m) => Number(m._id)));
    expect(useChatStore.getState().hasOlderMessages).toBe(false);
  });

  it('replaces the list when more was missed than one page holds, so no gap is shown', async () => {
    useChatStore.setState({ selectedUser: bob, messages: range(1, 10), hasOlderMessages: false });
    vi.spyOn(api, 'getMessages').mockResolvedValue(range(100, 100 + DEFAULT_PAGE - 1));
    await useChatStore.getState().getMessages('bob');
    expect(ids()[0]).toBe(100);
    expect(ids()).toHaveLength(DEFAULT_PAGE);
    expect(useChatStore.getState().hasOlderMessages).toBe(true);
  });
});

describe('opening a conversation', () => {
  it('keeps a message that arrived live while the history was loading', async () => {
    useChatStore.setState({ selectedUser: bob, messages: [] });
    let answer: (page: Message[]) => void = () => {};
    vi.spyOn(api, 'getMessages').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const loading = useChatStore.getState().getMessages('bob');
    useChatStore.getState().receiveMessage(message(41));
    answer(range(31, 40));
    await loading;
    expect(ids(), 'the history and the live message').toEqual(range(31, 41).map((m) => Number(m._id)));
  });

  it('marks where the messages unread on opening begin, and keeps the mark as more arrive and are read', async () => {
    const mine = (id: number) => aMessage({ _id: String(id), senderId: 'me', receiverId: 'bob', text: `mine ${id}` });
    useChatStore.setState({ selectedUser: null, messages: [], users: [{ ...bob, lastMessage: message(14), unreadCount: 2 }] });
    useChatStore.getState().setSelectedUser(bob);
    vi.spyOn(api, 'getMessages').mockResolvedValue([message(10), mine(11), message(12), mine(13), message(14)]);
    await useChatStore.getState().getMessages('bob');
    expect(useChatStore.getState().unreadMarker).toEqual({ firstId: '12', count: 2, upToId: '14' });
    useChatStore.getState().receiveMessage(message(15));
    expect(useChatStore.getState().unreadMarker, 'the same mark after a live message').toEqual({ firstId: '12', count: 2, upToId: '14' });

    useChatStore.getState().setSelectedUser(null);
    expect(useChatStore.getState().unreadMarker, 'gone with the conversation').toBeNull();
    useChatStore.setState({ users: [{ ...bob, lastMessage: message(15), unreadCount: 0 }] });
    useChatStore.getState().setSelectedUser(bob);
    await useChatStore.getState().getMessages('bob');
    expect(useChatStore.getState().unreadMarker, 'none with nothing unread').toBeNull();
  });

  it('moves the mark back as older pages bring the first unread messages in', async () => {
    useChatStore.setState({ selectedUser: null, messages: [], users: [{ ...bob, lastMessage: message(150), unreadCount: 60 }] });
    useChatStore.getState().setSelectedUser(bob);
    vi.spyOn(api, 'getMessages').mockResolvedValueOnce(range(101, 100 + DEFAULT_PAGE));
    await useChatStore.getState().getMessages('bob');
    expect(useChatStore.getState().unreadMarker?.firstId, 'the oldest loaded, while the page holds fewer').toBe('101');
    useChatStore.getState().receiveMessage(message(151));
    vi.spyOn(api, 'getMessages').mockResolvedValueOnce(range(51, 100));
    await useChatStore.getState().loadOlderMessages();
    expect(useChatStore.getState().unreadMarker, 'the 60th from the latest when it opened').toEqual({
      firstId: '91',
      count: 60,
      upToId: '150',
    });
  });
});

describe('reading the open conversation', () => {
  const setVisibility = (state: DocumentVisibilityState) => vi.spyOn(document, 'visibilityState', 'get').mockReturnValue(state);
  const inbox = (unreadCount: number) => [{ ...bob, lastMessage: message(12), unreadCount }];

  it('tells the server once the newest message from them is shown in a visible tab, and clears the badge', async () => {
    setVisibility('visible');
    const markRead = vi.spyOn(api, 'markRead').mockResolvedValue(undefined);
    vi.spyOn(api, 'getMessages').mockResolvedValue(range(11, 12));
    useChatStore.setState({ selectedUser: null, messages: [], users: inbox(2) });
    useChatStore.getState().setSelectedUser(bob);
    await useChatStore.getState().getMessages('bob');
    expect(markRead).toHaveBeenCalledExactlyOnceWith('bob', '12');
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(0);
    await useChatStore.getState().markRead();
    expect(markRead).toHaveBeenCalledOnce();
  });

  it('does not count again a message the inbox row already shows (fetched after it was stored)', () => {
    setVisibility('visible');
    useChatStore.setState({ selectedUser: null, messages: [], users: inbox(2) });
    useChatStore.getState().receiveMessage(message(12));
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(2);
    useChatStore.getState().receiveMessage(message(13));
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(3);
  });

  it('waits while the tab is hidden, counting what arrives, and reads it once the tab is shown', async () => {
    const visibility = setVisibility('hidden');
    const markRead = vi.spyOn(api, 'markRead').mockResolvedValue(undefined);
    useChatStore.setState({ selectedUser: bob, messages: range(11, 12), users: inbox(0) });
    useChatStore.getState().receiveMessage(message(13));
    await useChatStore.getState().markRead();
    expect(markRead).not.toHaveBeenCalled();
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(1);
    visibility.mockReturnValue('visible');
    await useChatStore.getState().markRead();
    expect(markRead).toHaveBeenCalledExactlyOnceWith('bob', '13');
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(0);
  });
});

describe('typing', () => {
  const cat = { _id: 'cat', fullName: 'Cat', profilePic: '' };
  const recordingSocket = () => {
    const emitted: unknown[] = [];
    useAuthStore.setState({
      socket: { emit: (event: string, payload: unknown) => emitted.push([event, payload]) } as unknown as ChatSocket,
    });
    return emitted;
  };

  afterEach(() => {
    vi.useRealTimers();
    useChatStore.getState().notifyTyping(false);
    useAuthStore.setState({ socket: null });
  });

  it('shows who is typing until they stop, send, or go quiet for 5 s', () => {
    vi.useFakeTimers();
    const typing = () => Object.keys(useChatStore.getState().typingUsers);
    useChatStore.getState().setTyping('bob', true);
    expect(typing()).toEqual(['bob']);
    vi.advanceTimersByTime(4000);
    useChatStore.getState().setTyping('bob', true);
    vi.advanceTimersByTime(4000);
    expect(typing(), 'renewed by the second notice').toEqual(['bob']);
    vi.advanceTimersByTime(1000);
    expect(typing()).toEqual([]);
    useChatStore.getState().setTyping('bob', true);
    useChatStore.setState({ selectedUser: bob, users: [] });
    useChatStore.getState().receiveMessage(message(40));
    expect(typing(), 'a message from them ends it').toEqual([]);
  });

  it('tells the open conversation I am typing at most every 2 s, and that I stopped, also when I switch', () => {
    vi.useFakeTimers();
    const emitted = recordingSocket();
    useChatStore.setState({ selectedUser: bob });
    const chat = useChatStore.getState();
    chat.notifyTyping(true);
    chat.notifyTyping(true);
    vi.advanceTimersByTime(2000);
    chat.notifyTyping(true);
    useChatStore.getState().setSelectedUser(cat);
    useChatStore.getState().notifyTyping(true);
    useChatStore.getState().notifyTyping(false);
    useChatStore.getState().notifyTyping(false);
    expect(emitted).toEqual([
      ['typing', { to: 'bob', isTyping: true }],
      ['typing', { to: 'bob', isTyping: true }],
      ['typing', { to: 'bob', isTyping: false }],
      ['typing', { to: 'cat', isTyping: true }],
      ['typing', { to: 'cat', isTyping: false }],
    ]);
  });

  it('starts afresh after signing in again: the new socket tells the open conversation at once', () => {
    vi.useFakeTimers();
    useChatStore.setState({ selectedUser: bob });
    recordingSocket();
    useChatStore.getState().notifyTyping(true);
    const afterSignIn = recordingSocket();
    useChatStore.getState().notifyTyping(true);
    expect(afterSignIn).toEqual([['typing', { to: 'bob', isTyping: true }]]);
  });
});

describe('receipts', () => {
  const mine = (id: number): Message => ({ ...message(id), senderId: 'me', receiverId: 'bob' });
  const receipt = (upTo: number, userId = 'bob', senderId = 'me') => ({
    userId,
    senderId,
    upTo: String(upTo),
    at: '2026-11-23T10:00:00.000Z',
  });

  it('ticks my messages up to the receipt delivered, then read, in the open conversation and the inbox row', () => {
    useChatStore.setState({
      selectedUser: bob,
      messages: [mine(1), message(2), mine(3), mine(4)],
      users: [{ ...bob, lastMessage: mine(4), unreadCount: 0 }],
    });
    useChatStore.getState().receiveReceipt('delivered', receipt(3));
    const states = () => useChatStore.getState().messages.map((m) => [m._id, Boolean(m.deliveredAt), Boolean(m.readAt)]);
    expect(states()).toEqual([
      ['1', true, false],
      ['2', false, false],
      ['3', true, false],
      ['4', false, false],
    ]);
    useChatStore.getState().receiveReceipt('read', receipt(4));
    expect(states()).toEqual([
      ['1', true, true],
      ['2', false, false],
      ['3', true, true],
      ['4', true, true],
    ]);
    expect(useChatStore.getState().users[0]!.lastMessage).toMatchObject({ _id: '4', readAt: receipt(4).at });
  });

  it('stamps my message whose receipt came before the answer to its send', () => {
    useChatStore.setState({ selectedUser: bob, messages: [], users: [] });
    useChatStore.getState().receiveReceipt('read', receipt(30));
    useChatStore.getState().receiveMessage(mine(30));
    expect(useChatStore.getState().messages[0]).toMatchObject({ _id: '30', deliveredAt: receipt(30).at, readAt: receipt(30).at });
    useChatStore.getState().receiveMessage(mine(31));
    expect(useChatStore.getState().messages[1]).toMatchObject({ _id: '31', readAt: null });
  });

  it('leaves another conversation’s messages alone', () => {
    useChatStore.setState({ selectedUser: { ...bob, _id: 'cat' }, messages: [{ ...mine(1), receiverId: 'cat' }], users: [] });
    useChatStore.getState().receiveReceipt('read', receipt(5));
    expect(useChatStore.getState().messages[0]!.readAt).toBeNull();
  });

  it('clears the badge when I read the conversation on another tab, unless a newer message came since', () => {
    useChatStore.setState({ selectedUser: null, users: [{ ...bob, lastMessage: message(7), unreadCount: 2 }] });
    useChatStore.getState().receiveReceipt('read', receipt(6, 'me', 'bob'));
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(2);
    useChatStore.getState().receiveReceipt('read', receipt(7, 'me', 'bob'));
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(0);
  });
});

describe('reading as messages arrive', () => {
  it('reads a message arriving in the open conversation of a visible tab with the socket’s acknowledgement, not a request', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('visible');
    useChatStore.setState({
      selectedUser: bob,
      messages: [message(1)],
      users: [{ ...bob, lastMessage: message(1), unreadCount: 0 }],
      reportedReadUpTo: '1',
    });
    expect(useChatStore.getState().readOnArrival(message(2))).toBe(true);
    useChatStore.getState().receiveMessage(message(2));
    expect(api.markRead).not.toHaveBeenCalled();
    expect(useChatStore.getState().users[0]!.unreadCount).toBe(0);
  });

  it('leaves a message unread in a hidden tab or another conversation', () => {
    const visibility = vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    useChatStore.setState({ selectedUser: bob, messages: [], users: [], reportedReadUpTo: null });
    expect(useChatStore.getState().readOnArrival(message(3))).toBe(false);
    visibility.mockReturnValue('visible');
    expect(useChatStore.getState().readOnArrival({ ...message(4), senderId: 'cat' })).toBe(false);
    expect(useChatStore.getState().reportedReadUpTo).toBeNull();
  });
});

describe('last seen', () => {
  it('moves to now when a contact who shows it comes or goes, and stays hidden for one who does not', () => {
    useChatStore.setState({
      users: [
        { ...bob, lastMessage: null, unreadCount: 0, lastSeen: '2026-01-01T00:00:00.000Z' },
        { ...bob, _id: 'hidden', lastMessage: null, unreadCount: 0, lastSeen: null },
      ],
    });
    useChatStore.getState().markSeen(['bob', 'hidden']);
    const [shown, hidden] = useChatStore.getState().users;
    expect(Date.now() - Date.parse(shown!.lastSeen!)).toBeLessThan(60_000);
    expect(hidden!.lastSeen).toBeNull();
  });
});

describe('sending', () => {
  const onLine = (online: boolean) => vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  const stored = (text: string, id = 20): Message => ({ ...message(id), senderId: 'me', receiverId: 'bob', text });
  const pending = () => useChatStore.getState().pendingMessages;
  const sentTexts = (send: { mock: { calls: unknown[][] } }) => send.mock.calls.map((call) => (call[1] as { text: string }).text);
  beforeEach(() => useChatStore.setState({ selectedUser: bob, messages: [], pendingMessages: [], users: [] }));

  it('shows my message as pending while the server has not answered, and as stored after', async () => {
    let answer!: (message: Message) => void;
    vi.spyOn(api, 'sendMessage').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    useChatStore.getState().sendMessage({ text: 'on its way', image: null });
    expect(pending()).toEqual([expect.objectContaining({ receiverId: 'bob', text: 'on its way', status: 'sending' })]);
    answer(stored('on its way'));
    await useChatStore.getState().flushOutbox();
    expect(pending()).toEqual([]);
    expect(ids()).toEqual([20]);
  });

  it('sends a text over the connected socket and an image over HTTP, each with its clientMessageId', async () => {
    const socket = { connected: true, id: 'my-tab' } as unknown as ChatSocket;
    useAuthStore.setState({ socket });
    const overSocket = vi.spyOn(api, 'sendOverSocket').mockImplementation(async (_socket, _to, body) => stored(body.text!, 21));
    const overHttp = vi.spyOn(api, 'sendMessage').mockResolvedValue(stored('', 22));
    useChatStore.getState().sendMessage({ text: 'typed', image: null });
    useChatStore.getState().sendMessage({ text: '', image: 'data:image/png;base64,AAAA' });
    await useChatStore.getState().flushOutbox();
    expect(overSocket).toHaveBeenCalledWith(socket, 'bob', expect.objectContaining({ text: 'typed', clientMessageId: expect.any(String) }));
    expect(overHttp).toHaveBeenCalledTimes(1);
    expect(overHttp.mock.calls[0]![1]).toEqual(expect.objectContaining({ image: 'data:image/png;base64,AAAA' }));
    expect(overHttp.mock.calls[0]![2]).toBe('my-tab');
    expect(pending()).toEqual([]);
    expect(ids()).toEqual([21, 22]);
    useAuthStore.setState({ socket: null });
  });

  it('sends a file over HTTP with its caption, shown with its name and size while it is on its way, even with the socket up', async () => {
    const socket = { connected: true, id: 'my-tab' } as unknown as ChatSocket;
    useAuthStore.setState({ socket });
    let answer!: (message: Message) => void;
    const sendFile = vi.spyOn(api, 'sendFile').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const report = new File(['%PDF-1.7'], 'Q3 report.pdf', { type: 'application/pdf' });
    useChatStore.getState().sendMessage({ text: 'the figures', image: null, file: report });
    const flushing = useChatStore.getState().flushOutbox();
    const shown = pendingAsMessage(pending()[0]!);
    expect(shown).toMatchObject({ text: 'the figures', file: { name: 'Q3 report.pdf', size: report.size } });
    await vi.waitFor(() => expect(sendFile).toHaveBeenCalledTimes(1));
    expect(sendFile.mock.calls[0]!.slice(0, 3)).toEqual([
      { userId: 'bob' },
      { file: report, name: 'Q3 report.pdf', text: 'the figures', clientMessageId: shown._id, replyTo: undefined },
      'my-tab',
    ]);
    answer({ ...stored('the figures', 23), file: { url: '/api/media/files/a_b/c', name: 'Q3 report.pdf', size: report.size } });
    await flushing;
    expect(pending()).toEqual([]);
    expect(ids()).toEqual([23]);
    useAuthStore.setState({ socket: null });
  });

  it('forwards several messages in their order to each person in turn', async () => {
    const sent = vi.spyOn(api, 'sendMessage').mockImplementation(async (to) => ({
      ...stored('a copy', 40 + sent.mock.calls.length),
      receiverId: 'userId' in to ? to.userId : to.groupId,
      forwarded: true as const,
    }));
    const [cat, dan] = [
      { _id: 'cat', fullName: 'Cat', profilePic: '' },
      { _id: 'dan', fullName: 'Dan', profilePic: '' },
    ];
    useChatStore.getState().forwardMessages([message(7), message(8)], [{ userId: cat._id }, { userId: dan._id }]);
    expect(pending().map(({ receiverId, forwardOf }) => [receiverId, forwardOf])).toEqual([
      ['cat', '7'],
      ['cat', '8'],
      ['dan', '7'],
      ['dan', '8'],
    ]);
    await useChatStore.getState().flushOutbox();
    expect(sent.mock.calls.map(([to, body]) => [to, body.forwardOf])).toEqual([
      [{ userId: 'cat' }, '7'],
      [{ userId: 'cat' }, '8'],
      [{ userId: 'dan' }, '7'],
      [{ userId: 'dan' }, '8'],
    ]);
  });

  it('forwards a message to each person chosen through the outbox: shown as forwarded meanwhile, sent naming only what it copies', async () => {
    const socket = { connected: true, id: 'my-tab' } as unknown as ChatSocket;
    useAuthStore.setState({ socket });
    const overSocket = vi
      .spyOn(api, 'sendOverSocket')
      .mockImplementation(async (_socket, to) => ({ ...stored('a tip', 31), receiverId: to }));
    const overHttp = vi
      .spyOn(api, 'sendMessage')
      .mockImplementation(async (to) => ({ ...stored('a photo', 32), receiverId: 'userId' in to ? to.userId : to.groupId }));
    const tip = { ...message(7), text: 'a tip' };
    const photo = { ...message(8), text: null, image: '/api/media/messages/a_b/c.png' };
    const [cat, dan] = [
      { _id: 'cat', fullName: 'Cat', profilePic: '' },
      { _id: 'dan', fullName: 'Dan', profilePic: '' },
    ];
    useChatStore.getState().forwardMessages([tip], [{ userId: cat._id }, { userId: dan._id }]);
    useChatStore.getState().forwardMessages([photo], [{ userId: cat._id }]);
    expect(pending().map(pendingAsMessage)).toEqual([
      expect.objectContaining({ receiverId: 'cat', text: 'a tip', forwarded: true }),
      expect.objectContaining({ receiverId: 'dan', text: 'a tip', forwarded: true }),
      expect.objectContaining({ receiverId: 'cat', image: photo.image, forwarded: true }),
    ]);
    await useChatStore.getState().flushOutbox();
    expect(overSocket.mock.calls.map(([, to, body]) => [to, body])).toEqual([
      ['cat', { clientMessageId: expect.any(String), forwardOf: '7' }],
      ['dan', { clientMessageId: expect.any(String), forwardOf: '7' }],
    ]);
    expect(
      overHttp.mock.calls.map(([to, body]) => [to, body]),
      'a photo over HTTP, without its picture',
    ).toEqual([[{ userId: 'cat' }, { clientMessageId: expect.any(String), forwardOf: '8' }]]);
    expect(pending()).toEqual([]);
    useAuthStore.setState({ socket: null });
  });

  it('sends a text over HTTP while the socket is down, and over the socket again once it is back', async () => {
    const socket = { connected: false, id: undefined } as unknown as ChatSocket;
    useAuthStore.setState({ socket });
    const overSocket = vi.spyOn(api, 'sendOverSocket').mockImplementation(async (_socket, _to, body) => stored(body.text!, 24));
    const overHttp = vi.spyOn(api, 'sendMessage').mockImplementation(async (_to, body) => stored(body.text!, 23));
    useChatStore.getState().sendMessage({ text: 'while reconnecting', image: null });
    await useChatStore.getState().flushOutbox();
    (socket as { connected: boolean }).connected = true;
    useChatStore.getState().sendMessage({ text: 'reconnected', image: null });
    await useChatStore.getState().flushOutbox();
    expect(overHttp.mock.calls.map((call) => call[1].text)).toEqual(['while reconnecting']);
    expect(overSocket.mock.calls.map((call) => call[2].text)).toEqual(['reconnected']);
    useAuthStore.setState({ socket: null });
  });

  it('keeps what I send offline, across a reload, and sends it in order with the same clientMessageIds once online', async () => {
    onLine(false);
    const send = vi.spyOn(api, 'sendMessage').mockImplementation(async (_to, body) => stored(body.text!, 30 + sentTexts(send).length));
    for (const text of ['one', 'two', 'three']) useChatStore.getState().sendMessage({ text, image: null });
    await useChatStore.getState().flushOutbox();
    expect(send).not.toHaveBeenCalled();
    const queued = pending().map((message) => message.clientMessageId);

    useChatStore.setState({ pendingMessages: [] });
    onLine(true);
    await useChatStore.getState().restoreOutbox();
    expect(sentTexts(send)).toEqual(['one', 'two', 'three']);
    expect(send.mock.calls.map((call) => (call[1] as { clientMessageId: string }).clientMessageId)).toEqual(queued);
    expect(pending()).toEqual([]);
    useChatStore.setState({ pendingMessages: [] });
    await useChatStore.getState().restoreOutbox();
    expect(send, 'nothing left in the outbox').toHaveBeenCalledTimes(3);
  });

  it('shows “not sent” after repeated failures, and sends it again on retry', async () => {
    vi.useFakeTimers();
    try {
      const send = vi.spyOn(api, 'sendMessage').mockRejectedValue(new ApiError('Service temporarily unavailable. Please try again.', 503));
      useChatStore.getState().sendMessage({ text: 'stubborn', image: null });
      await vi.advanceTimersByTimeAsync(0);
      expect(pending()[0]).toMatchObject({ status: 'sending', attempts: 1 });
      expect(send, 'no second attempt before the backoff').toHaveBeenCalledTimes(1);
      for (let attempt = 1; attempt < MAX_SEND_ATTEMPTS; attempt++) await vi.advanceTimersByTimeAsync(30_000);
      expect(send).toHaveBeenCalledTimes(MAX_SEND_ATTEMPTS);
      expect(pending()[0]).toMatchObject({ status: 'failed', failure: 'unreachable' });

      send.mockResolvedValue(stored('stubborn'));
      useChatStore.getState().retryMessage(pending()[0]!.clientMessageId);
      await useChatStore.getState().flushOutbox();
      expect(pending()).toEqual([]);
      expect(ids()).toEqual([20]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('leaves a message the server refused as not sent, sends the next ones, and lets me delete it', async () => {
    const send = vi
      .spyOn(api, 'sendMessage')
      .mockRejectedValueOnce(new ApiError('Message must be at most 2000 characters', 400))
      .mockResolvedValueOnce(stored('fine'));
    useChatStore.getState().sendMessage({ text: 'too long', image: null });
    useChatStore.getState().sendMessage({ text: 'fine', image: null });
    await useChatStore.getState().flushOutbox();
    expect(sentTexts(send)).toEqual(['too long', 'fine']);
    expect(pending()).toEqual([expect.objectContaining({ text: 'too long', status: 'failed', failure: 'refused' })]);
    await useChatStore.getState().resumeOutbox();
    expect(send, 'a refusal is not tried again by itself').toHaveBeenCalledTimes(2);
    useChatStore.getState().discardMessage(pending()[0]!.clientMessageId);
    expect(pending()).toEqual([]);
  });

  it('leaves another user’s unsent messages alone after a sign-in as someone else on the same tab', async () => {
    onLine(false);
    const send = vi.spyOn(api, 'sendMessage').mockResolvedValue(stored('x'));
    useChatStore.getState().sendMessage({ text: 'from me', image: null });
    useAuthStore.setState({ authUser: { ...useAuthStore.getState().authUser!, _id: 'other' } });
    onLine(true);
    await useChatStore.getState().restoreOutbox();
    expect(send).not.toHaveBeenCalled();
    expect(pending()).toEqual([]);
  });
});

describe('uploading an image', () => {
  it('shows how much of it is uploaded while it is, and nothing once it is sent', async () => {
    let report: (fraction: number) => void = () => undefined;
    let answer: (sent: Message) => void = () => undefined;
    vi.spyOn(api, 'sendMessage').mockImplementation((_to, _body, _socket, onUploadProgress) => {
      report = onUploadProgress!;
      return new Promise((resolve) => (answer = resolve));
    });
    useChatStore.setState({ selectedUser: bob, messages: [], pendingMessages: [], users: [] });
    useChatStore.getState().sendMessage({ text: '', image: 'data:image/png;base64,AAAA' });
    await vi.waitFor(() => expect(useChatStore.getState().pendingMessages).toHaveLength(1));
    const { clientMessageId } = useChatStore.getState().pendingMessages[0]!;
    report(0.4);
    expect(useChatStore.getState().uploadProgress).toEqual({ [clientMessageId]: 0.4 });
    answer({ ...message(41), senderId: 'me', receiverId: 'bob', text: null, image: '/api/media/x.png' });
    await vi.waitFor(() => expect(useChatStore.getState().pendingMessages).toHaveLength(0));
    expect(useChatStore.getState().uploadProgress).toEqual({});
  });
});

describe('replies and changes', () => {
  it('sends the id of the message answered, and shows the quote while the send is on its way', async () => {
    let answer!: (message: Message) => void;
    const send = vi.spyOn(api, 'sendMessage').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    useChatStore.setState({ selectedUser: bob, messages: [message(5)], pendingMessages: [], users: [] });
    const quote = { _id: '5', senderId: 'bob', text: 'message 5', image: null };
    useChatStore.getState().sendMessage({ text: 'answer', image: null, replyTo: quote });
    expect(send).toHaveBeenCalledExactlyOnceWith(
      { userId: 'bob' },
      expect.objectContaining({ text: 'answer', replyTo: '5' }),
      undefined,
      expect.any(Function),
    );
    expect(useChatStore.getState().pendingMessages[0]?.replyTo).toEqual(quote);
    // Answered, or the outbox would wait on it for every test after this one.
    answer({ ...message(6), senderId: 'me', receiverId: 'bob', text: 'answer' });
    await useChatStore.getState().flushOutbox();
    expect(useChatStore.getState().pendingMessages).toEqual([]);
  });

  it('shows an edited or deleted message as it is now in the replies that quote it', () => {
    const reply = {
      ...message(6),
      senderId: 'me',
      receiverId: 'bob',
      replyTo: { _id: '5', senderId: 'bob', text: 'message 5', image: null },
    };
    useChatStore.setState({ selectedUser: bob, messages: [message(5), reply, message(7)], users: [] });
    useChatStore.getState().receiveUpdate({ ...message(5), text: 'message 5, edited', editedAt: '2026-11-24T00:00:00.000Z' });
    expect(useChatStore.getState().messages[1]!.replyTo?.text).toBe('message 5, edited');
    useChatStore.getState().receiveUpdate({ ...message(5), text: null, deletedAt: '2026-11-24T00:01:00.000Z' });
    expect(useChatStore.getState().messages[1]!.replyTo).toEqual({ _id: '5', senderId: 'bob', text: null, image: null });
    expect(useChatStore.getState().messages[2]).toEqual(message(7));
  });

  it('shows the reactions the server answers for my reaction', async () => {
    const reacted = { ...message(5), reactions: [{ emoji: '👍', userIds: ['me'] }] };
    vi.spyOn(api, 'react').mockResolvedValue(reacted);
    useChatStore.setState({ selectedUser: bob, messages: [message(5)], users: [] });
    expect(await useChatStore.getState().reactToMessage('5', '👍')).toBe(true);
    expect(useChatStore.getState().messages[0]!.reactions).toEqual([{ emoji: '👍', userIds: ['me'] }]);
  });
});

describe('loading the inbox while messages arrive', () => {
  it('shows the latest request’s page when an older one answers after it (a read on another tab meanwhile stays read)', async () => {
    useChatStore.setState({ selectedUser: null, usersQuery: '', onlineOnly: false, showArchived: false, users: [] });
    let answerFirst!: (page: { entries: InboxEntry[]; next: null }) => void;
    vi.spyOn(api, 'getUsers')
      .mockReturnValueOnce(new Promise((resolve) => (answerFirst = resolve)))
      .mockResolvedValueOnce({ entries: [{ ...bob, lastMessage: message(10), unreadCount: 0 }], next: null });
    const first = useChatStore.getState().getUsers();
    await useChatStore.getState().getUsers();
    answerFirst({ entries: [{ ...bob, lastMessage: message(10), unreadCount: 1 }], next: null });
    await first;
    expect(useChatStore.getState().users.map((user) => [user._id, user.unreadCount])).toEqual([['bob', 0]]);
  });

  it('stays loading (never "No contacts yet") while the latest request is on its way, though an older one answered or failed', async () => {
    useChatStore.setState({
      selectedUser: null,
      usersQuery: '',
      onlineOnly: false,
      showArchived: false,
      users: [],
      usersLoadFailed: false,
    });
    let answerLatest!: (page: { entries: InboxEntry[]; next: null }) => void;
    vi.spyOn(api, 'getUsers')
      .mockResolvedValueOnce({ entries: [], next: null })
      .mockRejectedValueOnce(new Error('Network Error'))
      .mockReturnValueOnce(new Promise((resolve) => (answerLatest = resolve)));
    const older = [useChatStore.getState().getUsers(), useChatStore.getState().getUsers()];
    const latest = useChatStore.getState().getUsers();
    await Promise.all(older);
    expect(useChatStore.getState()).toMatchObject({ isUsersLoading: true, usersLoadFailed: false });
    answerLatest({ entries: [{ ...bob, lastMessage: message(10), unreadCount: 1 }], next: null });
    await latest;
    expect(useChatStore.getState()).toMatchObject({
      isUsersLoading: false,
      usersLoadFailed: false,
      users: [expect.objectContaining({ _id: 'bob' })],
    });
  });

  it('shows as read a conversation I read on another device while the page was on its way, the page read before it', async () => {
    useChatStore.setState({ selectedUser: null, usersQuery: '', onlineOnly: false, showArchived: false, users: [] });
    let answer!: (page: { entries: InboxEntry[]; next: null }) => void;
    vi.spyOn(api, 'getUsers').mockReturnValueOnce(new Promise((resolve) => (answer = resolve)));
    const loading = useChatStore.getState().getUsers();
    useChatStore.getState().receiveReceipt('read', { userId: 'me', senderId: 'bob', upTo: '10', at: '2026-11-25T10:00:00Z' });
    answer({ entries: [{ ...bob, lastMessage: message(10), unreadCount: 1 }], next: null });
    await loading;
    expect(useChatStore.getState().users.map((user) => [user._id, user.unreadCount])).toEqual([['bob', 0]]);
  });

  it('keeps a message that arrived live after the page was asked for, with its count, at the top', async () => {
    const cat = { _id: 'cat', fullName: 'Cat', profilePic: '', lastSeen: null };
    useChatStore.setState({ selectedUser: null, usersQuery: '', users: [{ ...bob, lastMessage: message(12), unreadCount: 2 }] });
    vi.spyOn(api, 'getUsers').mockResolvedValue({
      entries: [
        { ...cat, lastMessage: { ...message(11), senderId: 'cat' }, unreadCount: 1 },
        { ...bob, lastMessage: message(10), unreadCount: 0 },
      ],
      next: null,
    });
    await useChatStore.getState().getUsers();
    expect(useChatStore.getState().users.map((user) => [user._id, user.lastMessage?._id, user.unreadCount])).toEqual([
      ['bob', '12', 2],
      ['cat', '11', 1],
    ]);
  });

  it('counts a message its socket missed: the page counted it, the live row counted the one after', async () => {
    // Bob wrote 11 before this tab's socket connected and 12 after; the page was read between them.
    useChatStore.setState({ selectedUser: null, usersQuery: '', users: [{ ...bob, lastMessage: message(12), unreadCount: 1 }] });
    vi.spyOn(api, 'getUsers').mockResolvedValue({ entries: [{ ...bob, lastMessage: message(11), unreadCount: 1 }], next: null });
    await useChatStore.getState().getUsers();
    expect(useChatStore.getState().users.map((user) => [user._id, user.lastMessage?._id, user.unreadCount])).toEqual([['bob', '12', 2]]);
  });
});

describe('"Show online only"', () => {
  const cat = { _id: 'cat', fullName: 'Cat', profilePic: '', lastSeen: null, lastMessage: null, unreadCount: 0 };
  const dee = { ...cat, _id: 'dee', fullName: 'Dee' };

  it('asks the server for those online, pages them, and goes back to everyone when turned off', async () => {
    useChatStore.setState({
      usersQuery: '',
      onlineOnly: false,
      usersCursor: 'everyone-page-2',
      users: [{ ...bob, lastMessage: null, unreadCount: 0 }, cat],
    });
    const getUsers = vi
      .spyOn(api, 'getUsers')
      .mockResolvedValueOnce({ entries: [cat], next: 'online-page-2' })
      .mockResolvedValueOnce({ entries: [dee], next: null })
      .mockResolvedValueOnce({ entries: [{ ...bob, lastMessage: null, unreadCount: 0 }, cat, dee], next: null });
    await useChatStore.getState().setOnlineOnly(true);
    expect(getUsers).toHaveBeenLastCalledWith({ q: '', online: true, archived: false });
    expect(useChatStore.getState().users.map((user) => user._id)).toEqual(['cat']);
    await useChatStore.getState().loadMoreUsers();
    expect(getUsers).toHaveBeenLastCalledWith({ q: '', cursor: 'online-page-2', online: true, archived: false });
    expect(useChatStore.getState().users.map((user) => user._id)).toEqual(['cat', 'dee']);
    await useChatStore.getState().setOnlineOnly(false);
    expect(getUsers).toHaveBeenLastCalledWith({ q: '', online: false, archived: false });
    expect(useChatStore.getState().users.map((user) => user._id)).toEqual(['bob', 'cat', 'dee']);
  });

  it('drops a page of everyone that answers after the filter was turned on', async () => {
    useChatStore.setState({ usersQuery: '', onlineOnly: false, usersCursor: null, users: [] });
    let answerEveryone: (page: { entries: (typeof cat)[]; next: null }) => void = () => {};
    vi.spyOn(api, 'getUsers')
      .mockReturnValueOnce(new Promise((resolve) => (answerEveryone = resolve)))
      .mockResolvedValueOnce({ entries: [dee], next: null });
    const everyone = useChatStore.getState().getUsers();
    await useChatStore.getState().setOnlineOnly(true);
    answerEveryone({ entries: [cat, dee], next: null });
    await everyone;
    expect(useChatStore.getState().users.map((user) => user._id)).toEqual(['dee']);
  });
});

/** `id`'s row in my inbox, its latest message theirs (numbered `lastId`). */
const inboxEntry = (id: string, lastId: number): InboxEntry => ({
  _id: id,
  fullName: id,
  profilePic: '',
  lastSeen: null,
  unreadCount: 0,
  lastMessage: aMessage({ _id: String(lastId), senderId: id, receiverId: 'me', text: `from ${id}` }),
});

describe('pinned conversations', () => {
  const entry = (id: string, lastId: number, pinned = false): InboxEntry => ({
    ...inboxEntry(id, lastId),
    ...(pinned ? { pinned: true } : {}),
  });
  const order = () => useChatStore.getState().users.map((user) => (user.pinned ? `📌${user._id}` : user._id));
  beforeEach(() => {
    useChatStore.setState({
      selectedUser: null,
      usersQuery: '',
      onlineOnly: false,
      users: [entry('ann', 5, true), entry('bob', 9), entry('cat', 7), entry('dan', 3)],
    });
  });

  it('keeps the pinned ones on top: a new message moves its conversation to the top of the others, a pinned one stays in place', () => {
    useChatStore.getState().receiveMessage(aMessage({ _id: '10', senderId: 'dan', receiverId: 'me', text: 'hi' }));
    expect(order()).toEqual(['📌ann', 'dan', 'bob', 'cat']);
    useChatStore.getState().receiveMessage(aMessage({ _id: '11', senderId: 'ann', receiverId: 'me', text: 'hi' }));
    expect(order()).toEqual(['📌ann', 'dan', 'bob', 'cat']);
  });

  it('pins at once, first of all; unpinned, a conversation goes back among the others by its latest message', async () => {
    vi.spyOn(api, 'pin').mockResolvedValue(undefined);
    vi.spyOn(api, 'unpin').mockResolvedValue(undefined);
    const pinning = useChatStore.getState().setPinned('cat', true);
    expect(order(), 'before the server answers').toEqual(['📌cat', '📌ann', 'bob', 'dan']);
    await pinning;
    await useChatStore.getState().setPinned('ann', false);
    expect(order()).toEqual(['📌cat', 'bob', 'ann', 'dan']);
    expect(api.pin).toHaveBeenCalledWith('cat');
    expect(api.unpin).toHaveBeenCalledWith('ann');
  });

  it('puts a refused pin back where it was, saying why', async () => {
    vi.spyOn(api, 'pin').mockRejectedValue(new ApiError('You can pin up to 5 chats', 409));
    const shown = vi.spyOn(toast, 'error');
    await useChatStore.getState().setPinned('dan', true);
    expect(order()).toEqual(['📌ann', 'bob', 'cat', 'dan']);
    expect(shown).toHaveBeenCalledWith('You can pin up to 5 chats');
  });

  it('follows a pin made on another device; one not on a loaded page comes with the inbox loaded again', async () => {
    useChatStore.getState().applyPinned('bob', true);
    expect(order()).toEqual(['📌bob', '📌ann', 'cat', 'dan']);
    const reload = vi
      .spyOn(api, 'getUsers')
      .mockResolvedValue({ entries: [entry('eve', 1, true), entry('bob', 9, true), entry('ann', 5, true)], next: null });
    useChatStore.getState().applyPinned('eve', true);
    await vi.waitFor(() => expect(order()).toEqual(['📌eve', '📌bob', '📌ann']));
    expect(reload).toHaveBeenCalledOnce();
  });
});

describe('the archive', () => {
  const entry = inboxEntry;
  beforeEach(() => {
    useChatStore.setState({
      selectedUser: null,
      usersQuery: '',
      onlineOnly: false,
      showArchived: false,
      archivedCount: 1,
      users: [entry('ann', 5), entry('bob', 3)],
    });
  });

  it('takes a conversation off the inbox at once and counts it in the archive; opens the archive from the server', async () => {
    vi.spyOn(api, 'archive').mockResolvedValue(undefined);
    const archiving = useChatStore.getState().setArchived('ann', true);
    expect(useChatStore.getState().users.map((user) => user._id)).toEqual(['bob']);
    expect(useChatStore.getState().archivedCount).toBe(2);
    await archiving;
    const archivePage = vi
      .spyOn(api, 'getUsers')
      .mockResolvedValue({ entries: [{ ...entry('ann', 5), archived: true }], next: null, archivedCount: 2 });
    await useChatStore.getState().setShowArchived(true);
    expect(archivePage).toHaveBeenCalledWith({ q: '', online: false, archived: true });
    expect(useChatStore.getState().users.map((user) => user._id)).toEqual(['ann']);
  });

  it('puts back what the server refused, saying why', async () => {
    vi.spyOn(api, 'archive').mockRejectedValue(new ApiError('Send or receive a message first to archive this chat', 409));
    vi.spyOn(api, 'getUsers').mockResolvedValue({ entries: [entry('ann', 5), entry('bob', 3)], next: null, archivedCount: 1 });
    const shown = vi.spyOn(toast, 'error');
    await useChatStore.getState().setArchived('ann', true);
    await vi.waitFor(() => expect(useChatStore.getState().users.map((user) => user._id)).toEqual(['ann', 'bob']));
    expect(useChatStore.getState().archivedCount).toBe(1);
    expect(shown).toHaveBeenCalledWith('Send or receive a message first to archive this chat');
  });

  it('asks the server again when a message comes to a conversation of the archive on screen: it is back in the inbox', async () => {
    useChatStore.setState({ showArchived: true, users: [{ ...entry('ann', 5), archived: true }] });
    const reload = vi.spyOn(api, 'getUsers').mockResolvedValue({ entries: [], next: null, archivedCount: 0 });
    useChatStore.getState().receiveMessage(aMessage({ _id: '9', senderId: 'ann', receiverId: 'me', text: 'back?' }));
    await vi.waitFor(() => expect(useChatStore.getState().archivedCount).toBe(0));
    expect(reload).toHaveBeenCalledWith({ q: '', online: false, archived: true });
  });
});

describe('marking a conversation unread', () => {
  beforeEach(() => {
    vi.spyOn(useChatStore.getState(), 'getMessages').mockResolvedValue();
    useChatStore.setState({ selectedUser: null, users: [inboxEntry('ann', 5), inboxEntry('bob', 3)] });
  });
  const marked = () =>
    useChatStore
      .getState()
      .users.filter((user) => user.markedUnread)
      .map((user) => user._id);

  it('marks it at once and clears the mark as I open it, telling the server both times', async () => {
    const markUnread = vi.spyOn(api, 'markUnread').mockResolvedValue(undefined);
    const marking = useChatStore.getState().setMarkedUnread('ann', true);
    expect(marked()).toEqual(['ann']);
    await marking;
    useChatStore.getState().setSelectedUser(inboxEntry('ann', 5));
    expect(marked()).toEqual([]);
    await vi.waitFor(() =>
      expect(markUnread.mock.calls).toEqual([
        ['ann', true],
        ['ann', false],
      ]),
    );
  });

  it('takes the mark back, saying why, when the server refuses it', async () => {
    vi.spyOn(api, 'markUnread').mockRejectedValue(new ApiError('Send or receive a message first to mark this chat unread', 409));
    const shown = vi.spyOn(toast, 'error');
    await useChatStore.getState().setMarkedUnread('bob', true);
    expect(marked()).toEqual([]);
    expect(shown).toHaveBeenCalledWith('Send or receive a message first to mark this chat unread');
  });
});

describe('starring a message', () => {
  const starred = () =>
    useChatStore
      .getState()
      .messages.filter((shown) => shown.starred)
      .map((shown) => shown._id);
  beforeEach(() => useChatStore.setState({ selectedUser: bob, messages: range(1, 3) }));

  it('stars it at once and keeps the star through an edit or a reaction, which neither person’s copy carries', async () => {
    const star = vi.spyOn(api, 'star').mockResolvedValue(undefined);
    await useChatStore.getState().setStarred('2', true);
    expect(starred()).toEqual(['2']);
    expect(star).toHaveBeenCalledWith('2', true);
    useChatStore.getState().receiveUpdate({ ...message(2), text: 'edited', editedAt: '2026-11-25T10:00:00Z' });
    expect(starred()).toEqual(['2']);
    useChatStore.getState().receiveUpdate({ ...message(2), text: null, deletedAt: '2026-11-25T10:01:00Z' });
    expect(starred(), 'a deleted message loses its stars').toEqual([]);
  });

  it('takes the star back, saying why, when the server refuses it', async () => {
    vi.spyOn(api, 'star').mockRejectedValue(new ApiError('A deleted message cannot be starred', 403));
    const shown = vi.spyOn(toast, 'error');
    await useChatStore.getState().setStarred('3', true);
    expect(starred()).toEqual([]);
    expect(shown).toHaveBeenCalledWith('A deleted message cannot be starred');
  });

  it('follows a star given or taken on another device', () => {
    useChatStore.getState().applyStarred('1', true);
    useChatStore.getState().applyStarred('3', true);
    useChatStore.getState().applyStarred('1', false);
    expect(starred()).toEqual(['3']);
  });
});

describe('deleting messages for me and clearing a chat', () => {
  const order = () => useChatStore.getState().users.map((user) => user._id);
  const entryOf = (id: string) => useChatStore.getState().users.find((user) => user._id === id)!;
  beforeEach(() => {
    useChatStore.setState({
      selectedUser: bob,
      messages: range(1, 4),
      hasOlderMessages: true,
      usersQuery: '',
      showArchived: false,
      users: [inboxEntry('bob', 4), inboxEntry('cat', 3), inboxEntry('dan', 2)],
    });
  });

  it('takes a message deleted for me out of the conversation; its entry shows the one before and keeps its place', async () => {
    const deleteForMe = vi.spyOn(api, 'deleteForMe').mockResolvedValue({ lastMessage: message(3) });
    expect(await useChatStore.getState().deleteForMe('bob', ['4'])).toBe(true);
    expect(deleteForMe).toHaveBeenCalledWith('bob', ['4']);
    expect(ids()).toEqual([1, 2, 3]);
    expect([entryOf('bob').lastMessage?._id, entryOf('bob').latestMessageId]).toEqual(['3', '4']);
    useChatStore.getState().receiveMessage(aMessage({ _id: '5', senderId: 'cat', receiverId: 'me', text: 'hi' }));
    expect(order(), 'it sorts by its latest message, shown or not').toEqual(['cat', 'bob', 'dan']);
  });

  it('counts in the unread start only the unread messages still shown', () => {
    useChatStore.setState({ unreadMarker: { firstId: '2', count: 3, upToId: '4' } });
    useChatStore.getState().applyGoneForMe('bob', { messageIds: ['2'] });
    expect(useChatStore.getState().unreadMarker).toEqual({ firstId: '3', count: 2, upToId: '4' });
    useChatStore.getState().applyGoneForMe('bob', { upTo: '4' });
    expect(useChatStore.getState().unreadMarker).toBeNull();
  });

  it('keeps a newer message that came while the deletion was on its way', async () => {
    let answer: (shown: { lastMessage: Message | null }) => void = () => {};
    vi.spyOn(api, 'deleteForMe').mockReturnValue(new Promise((resolve) => (answer = resolve)));
    const deleting = useChatStore.getState().deleteForMe('bob', ['2']);
    useChatStore.getState().receiveMessage(message(5));
    answer({ lastMessage: message(5) });
    await deleting;
    expect(entryOf('bob').lastMessage?._id).toBe('5');
    expect(entryOf('bob').latestMessageId).toBeUndefined();
  });

  it('empties a cleared chat: nothing older to load, its entry read and showing nothing, in its place; a new message shows as ever', async () => {
    useChatStore.setState({ users: [{ ...inboxEntry('bob', 4), unreadCount: 2, markedUnread: true }, inboxEntry('cat', 3)] });
    vi.spyOn(api, 'clearChat').mockResolvedValue({ upTo: '4' });
    expect(await useChatStore.getState().clearChat('bob')).toBe(true);
    expect(ids()).toEqual([]);
    expect(useChatStore.getState().hasOlderMessages).toBe(false);
    expect(entryOf('bob')).toEqual({ ...inboxEntry('bob', 4), lastMessage: null, latestMessageId: '4', unreadCount: 0 });
    expect(order()).toEqual(['bob', 'cat']);
    useChatStore.getState().receiveMessage(message(6));
    expect([ids(), entryOf('bob').lastMessage?._id, entryOf('bob').latestMessageId]).toEqual([[6], '6', undefined]);
  });

  it('follows a clear on another device, and a page of the inbox loaded after it shows it cleared', async () => {
    useChatStore.getState().applyGoneForMe('cat', { upTo: '3' });
    expect(entryOf('cat').lastMessage).toBeNull();
    expect(ids(), 'another conversation is open: untouched').toEqual([1, 2, 3, 4]);
    const cleared = { ...inboxEntry('bob', 4), lastMessage: null, latestMessageId: '4' };
    vi.spyOn(api, 'getUsers').mockResolvedValue({ entries: [cleared, inboxEntry('cat', 3)], next: null });
    await useChatStore.getState().getUsers();
    expect(entryOf('bob').lastMessage, 'the page is newer than what the tab showed').toBeNull();
  });

  it('keeps everything, saying why, when the server refuses', async () => {
    vi.spyOn(api, 'deleteForMe').mockRejectedValue(new ApiError('Message not found', 404));
    const shown = vi.spyOn(toast, 'error');
    expect(await useChatStore.getState().deleteForMe('bob', ['4'])).toBe(false);
    expect(ids()).toEqual([1, 2, 3, 4]);
    expect(shown).toHaveBeenCalledWith('Message not found');
  });
});

describe('a contact’s new name or picture', () => {
  it('shows at once in the list, the open conversation and the blocked list, and changes no one else', () => {
    const bob = { _id: 'bob', fullName: 'Bob Stone', profilePic: '' };
    const cat = { _id: 'cat', fullName: 'Cat Lee', profilePic: '/api/media/avatars/cat.png' };
    useChatStore.setState({
      users: [
        { ...bob, lastMessage: null, unreadCount: 2, lastSeen: null },
        { ...cat, lastMessage: null, unreadCount: 0, lastSeen: null },
      ],
      selectedUser: bob,
      blockedUsers: [bob],
    });
    useChatStore.getState().applyContactChange({ _id: 'bob', fullName: 'Robert Stone', profilePic: '/api/media/avatars/bob.png' });
    const { users, selectedUser, blockedUsers } = useChatStore.getState();
    expect(users).toEqual([
      { _id: 'bob', fullName: 'Robert Stone', profilePic: '/api/media/avatars/bob.png', lastMessage: null, unreadCount: 2, lastSeen: null },
      { ...cat, lastMessage: null, unreadCount: 0, lastSeen: null },
    ]);
    expect(selectedUser).toEqual({ _id: 'bob', fullName: 'Robert Stone', profilePic: '/api/media/avatars/bob.png' });
    expect(blockedUsers).toEqual([{ _id: 'bob', fullName: 'Robert Stone', profilePic: '/api/media/avatars/bob.png' }]);
  });

  it('closes the conversation of someone who deleted their account, shown as “Deleted user”', () => {
    const cat = { _id: 'cat', fullName: 'Cat Lee', profilePic: '/api/media/avatars/cat.png' };
    useChatStore.setState({ users: [{ ...cat, lastMessage: null, unreadCount: 0, lastSeen: null }], selectedUser: cat });
    useChatStore.getState().applyContactChange({ _id: 'cat', fullName: 'Deleted user', profilePic: '', accountDeleted: true });
    expect(useChatStore.getState().users).toEqual([
      { _id: 'cat', fullName: 'Deleted user', profilePic: '', lastMessage: null, unreadCount: 0, lastSeen: null, accountDeleted: true },
    ]);
    expect(useChatStore.getState().selectedUser).toEqual({ _id: 'cat', fullName: 'Deleted user', profilePic: '' });
  });
});
