import type { InboxEntry, Message } from '@chat/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { groupsApi } from '../../../src/features/groups';
import { notifyIncoming } from '../../../src/features/notifications/notify';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore } from '../../../src/store/use-chat-store';
import { useNotificationStore } from '../../../src/store/use-notification-store';
import { aMessage } from '../../../../test/support/a-message';
import { me } from '../../../../test/support/an-auth-user';

/** The notifications this browser was asked to show. */
const shown: { title: string; body?: string; tag?: string; onclick: (() => void) | null; closed: boolean }[] = [];
class RecordingNotification {
  static permission = 'granted';
  onclick: (() => void) | null = null;
  constructor(title: string, options: { body?: string; tag?: string }) {
    shown.push(Object.assign(this, { title, body: options.body, tag: options.tag, closed: false }));
  }
  close() {
    (this as unknown as { closed: boolean }).closed = true;
  }
}

const bob: InboxEntry = { _id: 'bob', fullName: 'Bob', profilePic: '', lastMessage: null, unreadCount: 0, lastSeen: null };
const fromBob = (text: string | null, image: string | null = null): Message =>
  aMessage({ _id: '9', senderId: 'bob', receiverId: 'me', text, image, createdAt: '' });

beforeEach(() => {
  shown.length = 0;
  vi.stubGlobal('Notification', RecordingNotification);
  useAuthStore.setState({ authUser: me });
  useChatStore.setState({ users: [bob], selectedUser: null, messages: [] });
  useNotificationStore.setState({ desktop: true, sound: false, mutes: {} });
});

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('desktop notifications', () => {
  it('shows a message not in view with the sender’s name and a preview; a click opens that conversation', () => {
    notifyIncoming(fromBob('See you at 8'));
    notifyIncoming(fromBob(null, '/api/media/photo.png'));
    expect(shown.map(({ title, body, tag }) => ({ title, body, tag }))).toEqual([
      { title: 'Bob', body: 'See you at 8', tag: 'bob' },
      { title: 'Bob', body: '📷 Photo', tag: 'bob' },
    ]);
    vi.spyOn(useChatStore.getState(), 'getMessages').mockResolvedValue();
    shown[1]!.onclick!();
    expect(useChatStore.getState().selectedUser?._id).toBe('bob');
    expect(shown[1]!.closed).toBe(true);
  });

  it('shows a group’s message under the group’s name, "Bob: …", never my own nor a line of its story; a click opens the group', () => {
    const hikers = { _id: 'hikers', name: 'Hikers', description: '', picture: '', createdBy: 'bob', createdAt: '', memberCount: 2 };
    const card = { ...hikers, onlyAdminsSend: false, onlyAdminsEdit: false };
    useChatStore.setState({ groups: [{ group: card, role: 'member', lastMessage: null, unreadCount: 0, people: [bob] }] });
    vi.spyOn(groupsApi, 'get').mockResolvedValue({ ...card, members: [], people: [bob] });
    const toGroup = (fields: Partial<Message>) =>
      aMessage({ _id: '10', senderId: 'bob', receiverId: 'hikers', groupId: 'hikers', ...fields });
    notifyIncoming(toGroup({ text: 'Saturday?' }));
    notifyIncoming(toGroup({ senderId: me._id, text: 'mine' }));
    notifyIncoming(toGroup({ system: { kind: 'left', actorId: 'bob' } }));
    expect(shown.map(({ title, body, tag }) => ({ title, body, tag }))).toEqual([
      { title: 'Hikers', body: 'Bob: Saturday?', tag: 'hikers' },
    ]);
    vi.spyOn(useChatStore.getState(), 'getMessages').mockResolvedValue();
    shown[0]!.onclick!();
    expect(useChatStore.getState().selectedGroup?._id).toBe('hikers');
  });

  it('tells of a missed call, but not of a call answered or declined (it was seen as it rang)', () => {
    const callFromBob = (call: Message['call']) => aMessage({ _id: '11', senderId: 'bob', receiverId: 'me', text: null, call });
    notifyIncoming(callFromBob({ video: false, outcome: 'missed' }));
    notifyIncoming(callFromBob({ video: true, outcome: 'answered', seconds: 252 }));
    notifyIncoming(callFromBob({ video: true, outcome: 'declined' }));
    expect(shown.map(({ title, body }) => ({ title, body }))).toEqual([{ title: 'Bob', body: '📞 Missed voice call' }]);
  });

  it('stays quiet for the open conversation in a visible tab, but not in a hidden one', () => {
    useChatStore.setState({ selectedUser: bob });
    notifyIncoming(fromBob('in view'));
    expect(shown).toEqual([]);
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    notifyIncoming(fromBob('tab hidden'));
    expect(shown.map((notification) => notification.body)).toEqual(['tab hidden']);
  });

  it('shows nothing when turned off, without permission, or for my own messages', () => {
    useNotificationStore.setState({ desktop: false });
    notifyIncoming(fromBob('off'));
    useNotificationStore.setState({ desktop: true });
    RecordingNotification.permission = 'denied';
    notifyIncoming(fromBob('denied'));
    RecordingNotification.permission = 'granted';
    notifyIncoming({ ...fromBob('mine'), senderId: 'me', receiverId: 'bob' });
    expect(shown).toEqual([]);
  });

  it('stays quiet for a muted conversation until it is unmuted or its mute runs out', () => {
    useNotificationStore.getState().applyMute({ userId: 'bob', muted: true, until: null });
    notifyIncoming(fromBob('muted'));
    expect(shown).toEqual([]);
    useNotificationStore.getState().applyMute({ userId: 'bob', muted: false, until: null });
    notifyIncoming(fromBob('unmuted'));
    useNotificationStore.setState({ mutes: { bob: new Date(Date.now() - 1).toISOString() } });
    notifyIncoming(fromBob('its mute ran out'));
    expect(shown.map(({ body }) => body)).toEqual(['unmuted', 'its mute ran out']);
  });
});
