import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Group, GroupEntry, Message } from '@chat/contracts';
import { api, ApiError } from '../../../src/api/client';
import { groupsApi } from '../../../src/features/groups';
import { typistsIn } from '../../../src/features/typing';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore } from '../../../src/store/use-chat-store';
import { aMessage } from '../../../../test/support/a-message';
import { me } from '../../../../test/support/an-auth-user';
import type { ChatSocket } from '../../../src/realtime/socket';

const ann = { _id: 'ann', fullName: 'Ann', profilePic: '' };
const hikers: Group = {
  _id: 'hikers',
  name: 'Hikers',
  description: '',
  picture: '',
  createdBy: 'ann',
  createdAt: '2026-11-27T10:00:00.000Z',
  onlyAdminsSend: false,
  onlyAdminsEdit: false,
  memberCount: 3,
  members: [
    { userId: 'ann', role: 'admin', joinedAt: '2026-11-27T10:00:00.000Z' },
    { userId: me._id, role: 'member', joinedAt: '2026-11-27T10:00:00.000Z' },
  ],
  people: [ann, me],
};
const { members: _members, people: _people, ...card } = hikers;
const toGroup = (id: number, text: string, senderId = 'ann'): Message =>
  aMessage({ _id: String(id), senderId, receiverId: 'hikers', groupId: 'hikers', text });
const entry = (lastMessage: Message, unreadCount = 0): GroupEntry => ({
  group: card,
  lastMessage,
  unreadCount,
  people: [ann],
  role: 'member',
});

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  vi.spyOn(groupsApi, 'get').mockResolvedValue(hikers);
  vi.spyOn(groupsApi, 'read').mockResolvedValue(undefined);
});

afterEach(() => {
  vi.restoreAllMocks();
  useChatStore.getState().openConversation({});
  useChatStore.setState({ groups: [], users: [], typingUsers: {} });
});

describe('a group in the chat store', () => {
  it('shows a group’s message in the group’s row, not in the open conversation with its sender', () => {
    useChatStore.setState({ users: [{ ...ann, lastSeen: null, lastMessage: null, unreadCount: 0 }], groups: [entry(toGroup(1, 'hello'))] });
    useChatStore.getState().setSelectedUser(ann);
    useChatStore.getState().receiveMessage(toGroup(2, 'to all of us'));
    expect(useChatStore.getState().messages).toEqual([]);
    expect(useChatStore.getState().groups[0]).toMatchObject({ lastMessage: { text: 'to all of us' }, unreadCount: 1 });
    expect(useChatStore.getState().users[0]).toMatchObject({ unreadCount: 0, lastMessage: null });
  });

  it('opens a group: its history and members loaded, the unread start marked, what arrives shown and read', async () => {
    vi.spyOn(groupsApi, 'history').mockResolvedValue([toGroup(1, 'one'), toGroup(2, 'two'), toGroup(3, 'three')]);
    vi.spyOn(api, 'getMessages');
    useChatStore.setState({ groups: [entry(toGroup(3, 'three'), 2)] });
    useChatStore.getState().setSelectedGroup(card);
    await useChatStore.getState().getMessages('hikers');
    expect(api.getMessages).not.toHaveBeenCalled();
    expect(useChatStore.getState().messages.map((message) => message.text)).toEqual(['one', 'two', 'three']);
    expect(useChatStore.getState().unreadMarker).toMatchObject({ firstId: '2', count: 2 });
    await vi.waitFor(() => expect(useChatStore.getState().selectedGroup?.members).toHaveLength(2));
    expect(groupsApi.read).toHaveBeenCalledWith('hikers', '3');

    useChatStore.getState().receiveMessage(toGroup(4, 'four'));
    expect(useChatStore.getState().messages.map((message) => message.text)).toEqual(['one', 'two', 'three', 'four']);
    expect(groupsApi.read).toHaveBeenLastCalledWith('hikers', '4');
    expect(useChatStore.getState().groups[0]).toMatchObject({ lastMessage: { text: 'four' }, unreadCount: 0 });
  });

  it('keeps who types in a group apart from who types to me', () => {
    useChatStore.getState().setTyping('ann', true, 'hikers');
    expect(typistsIn(useChatStore.getState().typingUsers, 'hikers')).toEqual(['ann']);
    expect(useChatStore.getState().typingUsers.ann, 'Ann typing in the group is not typing to me').toBeUndefined();
    useChatStore.getState().receiveMessage(toGroup(5, 'done'));
    expect(typistsIn(useChatStore.getState().typingUsers, 'hikers'), 'her message ends her typing').toEqual([]);
  });

  it('sends to the open group through the outbox, by the group’s route', async () => {
    const sent = toGroup(6, 'on my way', me._id);
    vi.spyOn(api, 'sendMessage').mockResolvedValue(sent);
    useChatStore.setState({ groups: [entry(toGroup(5, 'done'))] });
    useChatStore.getState().setSelectedGroup(card);
    useChatStore.getState().sendMessage({ text: 'on my way', image: null });
    await vi.waitFor(() => expect(useChatStore.getState().pendingMessages).toEqual([]));
    expect(api.sendMessage).toHaveBeenCalledWith(
      { groupId: 'hikers' },
      expect.objectContaining({ text: 'on my way' }),
      undefined,
      expect.any(Function),
    );
    expect(useChatStore.getState().messages.map((message) => message.text)).toEqual(['on my way']);
    expect(useChatStore.getState().groups[0]).toMatchObject({ lastMessage: { text: 'on my way' }, unreadCount: 0 });
  });

  it('turns my messages in the group delivered, then read, as the group’s receipts say, in the conversation and its row', () => {
    const mine = [toGroup(7, 'first', me._id), toGroup(8, 'second', me._id)];
    useChatStore.setState({ groups: [entry(mine[1]!)] });
    useChatStore.getState().setSelectedGroup(hikers);
    useChatStore.setState({ messages: mine });
    const at = '2026-11-27T10:05:00.000Z';
    useChatStore.getState().applyGroupReceipts({ groupId: 'hikers', deliveredUpTo: '8', readUpTo: '7', at });
    expect(useChatStore.getState().messages.map(({ deliveredAt, readAt }) => [deliveredAt, readAt])).toEqual([
      [at, at],
      [at, null],
    ]);
    expect(useChatStore.getState().groups[0]?.lastMessage).toMatchObject({ deliveredAt: at, readAt: null });
  });

  it('says which of a group’s messages this device has, the newest of each group, once a second', () => {
    vi.useFakeTimers();
    const emit = vi.fn();
    useAuthStore.setState({ socket: { emit } as unknown as ChatSocket });
    for (const id of [5, 6, 4]) useChatStore.getState().noteGroupReceived(toGroup(id, 'hi'));
    expect(emit, 'nothing until the second is over').not.toHaveBeenCalled();
    vi.advanceTimersByTime(1000);
    expect(emit.mock.calls).toEqual([['groupReceived', { groupId: 'hikers', upTo: '6' }]]);
    useAuthStore.setState({ socket: null });
    vi.useRealTimers();
  });

  it('takes what I deleted for me out of the open group and its row, which shows what is left', () => {
    const [kept, gone] = [toGroup(5, 'kept'), toGroup(6, 'gone')];
    useChatStore.setState({ groups: [entry(gone)] });
    useChatStore.getState().setSelectedGroup(hikers);
    useChatStore.setState({ messages: [kept, gone] });
    useChatStore.getState().applyGoneForMe('hikers', { messageIds: ['6'] }, kept);
    expect(useChatStore.getState().messages.map((message) => message.text)).toEqual(['kept']);
    expect(useChatStore.getState().groups[0]?.lastMessage?.text).toBe('kept');
  });

  it('empties a group I cleared, and its row, which stays with nothing unread; one cleared before a newer message keeps its count', async () => {
    const clear = vi.spyOn(api, 'clearChat').mockResolvedValue({ upTo: '6' });
    useChatStore.setState({ groups: [{ ...entry(toGroup(6, '@Me look'), 2), mentioned: true }] });
    useChatStore.getState().setSelectedGroup(hikers);
    useChatStore.setState({ messages: [toGroup(5, 'hi'), toGroup(6, '@Me look')] });
    expect(await useChatStore.getState().clearChat('hikers')).toBe(true);
    expect(clear).toHaveBeenCalledWith('hikers');
    expect(useChatStore.getState().messages).toEqual([]);
    expect(useChatStore.getState().groups).toEqual([{ ...entry(toGroup(6, '@Me look')), lastMessage: null }]);

    // Told by another device of mine after a newer message came: the newer one stays, unread.
    useChatStore.setState({ groups: [entry(toGroup(7, 'newer'), 1)] });
    useChatStore.getState().applyGoneForMe('hikers', { upTo: '6' });
    expect(useChatStore.getState().groups[0]).toMatchObject({ lastMessage: { text: 'newer' }, unreadCount: 1 });
  });

  it('deletes a group I am out of: off the list and closed; another device of mine closes it as the server no longer has it for me', async () => {
    const out = { ...hikers, removed: true as const, members: [] };
    const deleteChat = vi.spyOn(groupsApi, 'deleteChat').mockResolvedValue(undefined);
    useChatStore.setState({ groups: [entry(toGroup(6, 'bye'))] });
    useChatStore.getState().setSelectedGroup(out);
    expect(await useChatStore.getState().deleteGroupChat('hikers')).toBe(true);
    expect(deleteChat).toHaveBeenCalledWith('hikers');
    expect([useChatStore.getState().groups, useChatStore.getState().selectedGroup]).toEqual([[], null]);

    // On another device: told the group changed, its list comes without it and the group itself is 404.
    useChatStore.setState({ groups: [entry(toGroup(6, 'bye'))] });
    useChatStore.getState().setSelectedGroup(out);
    vi.spyOn(groupsApi, 'list').mockResolvedValue({ entries: [], next: null });
    vi.mocked(groupsApi.get).mockRejectedValue(new ApiError('Group not found', 404));
    useChatStore.getState().applyGroupChanged({ groupId: 'hikers', member: false });
    await vi.waitFor(() => expect(useChatStore.getState().selectedGroup, 'closed').toBeNull());
    expect(useChatStore.getState().groups).toEqual([]);
  });

  it('keeps a group I am still in when deleting it is refused, saying why', async () => {
    vi.spyOn(groupsApi, 'deleteChat').mockRejectedValue(new ApiError('Exit the group before you delete it', 409));
    useChatStore.setState({ groups: [entry(toGroup(6, 'hi'))] });
    const said = vi.spyOn(toast, 'error');
    expect(await useChatStore.getState().deleteGroupChat('hikers')).toBe(false);
    expect(useChatStore.getState().groups).toHaveLength(1);
    expect(said).toHaveBeenCalledWith('Exit the group before you delete it');
  });

  it('learns the name of someone typing in a group its row cannot name yet, asking the server once', async () => {
    const cat = { _id: 'cat', fullName: 'Cat', profilePic: '' };
    vi.mocked(groupsApi.get).mockResolvedValue({ ...hikers, people: [ann, me, cat] });
    useChatStore.setState({ groups: [entry(toGroup(5, 'hello'))] });
    useChatStore.getState().setTyping('cat', true, 'hikers');
    await vi.waitFor(() => expect(useChatStore.getState().groups[0]?.people.map((person) => person.fullName)).toContain('Cat'));
    useChatStore.getState().setTyping('cat', true, 'hikers');
    useChatStore.getState().setTyping('ann', true, 'hikers');
    expect(groupsApi.get).toHaveBeenCalledTimes(1);
  });
});

describe('a group pinned, archived or marked unread', () => {
  it('pins and archives a group at once (archiving unpins it), and puts it back with a toast when the server refuses', async () => {
    useChatStore.setState({ groups: [entry(toGroup(1, 'hello'))] });
    const pin = vi.spyOn(api, 'pin').mockResolvedValue(undefined);
    await useChatStore.getState().setGroupMark('hikers', 'pinned', true);
    expect(pin).toHaveBeenCalledWith('hikers');
    expect(useChatStore.getState().groups[0]!.pinnedAt).toEqual(expect.any(String));

    vi.spyOn(api, 'archive').mockResolvedValue(undefined);
    await useChatStore.getState().setGroupMark('hikers', 'archived', true);
    expect(useChatStore.getState().groups[0]).toMatchObject({ archived: true });
    expect(useChatStore.getState().groups[0]!.pinnedAt).toBeUndefined();

    vi.spyOn(api, 'unarchive').mockRejectedValue(new Error('Network Error'));
    await useChatStore.getState().setGroupMark('hikers', 'archived', false);
    expect(useChatStore.getState().groups[0], 'put back').toMatchObject({ archived: true });
  });

  it('brings an archived group back with its next message, and clears its unread mark as it opens', async () => {
    useChatStore.setState({ groups: [{ ...entry(toGroup(1, 'hello')), archived: true, markedUnread: true }] });
    useChatStore.getState().receiveMessage(toGroup(2, 'anyone?'));
    expect(useChatStore.getState().groups[0]!.archived).toBeUndefined();

    const unmark = vi.spyOn(api, 'markUnread').mockResolvedValue(undefined);
    useChatStore.getState().setSelectedGroup(card);
    expect(unmark).toHaveBeenCalledWith('hikers', false);
    expect(useChatStore.getState().groups[0]!.markedUnread).toBeUndefined();
  });
});

describe('my groups, listed a page at a time', () => {
  const named = (id: string, lastMessage: Message): GroupEntry => ({ ...entry(lastMessage), group: { ...card, _id: id, name: id } });
  const ids = () => useChatStore.getState().groups.map((row) => row.group._id);

  it('shows the first page at once and adds the older groups of each next page, keeping what moved meanwhile', async () => {
    let giveSecond!: (page: { entries: GroupEntry[]; next: null }) => void;
    const list = vi
      .spyOn(groupsApi, 'list')
      .mockResolvedValueOnce({ entries: [named('newest', toGroup(9, 'nine')), named('older', toGroup(5, 'five'))], next: 'page-2' })
      .mockReturnValueOnce(new Promise((resolve) => (giveSecond = resolve)));

    const listing = useChatStore.getState().getGroups();
    await vi.waitFor(() => expect(ids(), 'the first page, before the second comes').toEqual(['newest', 'older']));
    // A message moves the older group to the top while the second page is on its way.
    useChatStore.getState().noteGroupMessage({ ...toGroup(10, 'ten'), receiverId: 'older', groupId: 'older' }, false);
    giveSecond({ entries: [named('older', toGroup(5, 'five')), named('oldest', toGroup(2, 'two'))], next: null });
    await listing;

    expect(ids()).toEqual(['older', 'newest', 'oldest']);
    expect(useChatStore.getState().groups[0]?.lastMessage?.text).toBe('ten');
    expect(list).toHaveBeenLastCalledWith('page-2');
  });

  it('drops the pages of a listing a newer one replaced', async () => {
    let giveFirst!: (page: { entries: GroupEntry[]; next: null }) => void;
    vi.spyOn(groupsApi, 'list')
      .mockReturnValueOnce(new Promise((resolve) => (giveFirst = resolve)))
      .mockResolvedValueOnce({ entries: [named('current', toGroup(3, 'three'))], next: null });

    const stale = useChatStore.getState().getGroups();
    await useChatStore.getState().getGroups();
    giveFirst({ entries: [named('stale', toGroup(1, 'one'))], next: null });
    await stale;

    expect(ids()).toEqual(['current']);
  });
});
