import {
  UNREAD_COUNT_CAP,
  type Contact,
  type Group,
  type GroupCard,
  type GroupChanged,
  type GroupEntry,
  type GroupReceipts,
  type Message,
} from '@chat/contracts';
import toast from 'react-hot-toast';
import { errorMessage, useAuthStore } from '../../store/use-auth-store';
import type { ChatSlice } from '../../store/chat-slice';
import { api, ApiError } from '../../api/client';
import { withFlag } from '../../lib/inbox-entries';
import { groupsApi } from './groups-api';

/** What a new group is made with: its name, and, if given, its description and picture (a data URL). */
export interface NewGroupCard {
  name: string;
  description: string;
  picture: string;
}

export interface GroupsSlice {
  /** My groups, and those I was removed from, latest activity first. */
  groups: GroupEntry[];
  /** The open group: its card at once, its members and people once loaded; null when a person's conversation or none is open. */
  selectedGroup: Group | null;
  getGroups(): Promise<void>;
  /** Creates a group with these people and opens it; resolves whether the server made it. */
  createGroup(card: NewGroupCard, memberIds: string[]): Promise<boolean>;
  /** Opens a group's conversation (closing any other), or closes it. */
  setSelectedGroup(group: GroupCard | null): void;
  /** Opens one of my groups by its id (a found or starred message's): from the list, or as the server has it; resolves whether it is open. */
  openGroupById(groupId: string): Promise<boolean>;
  /** A message of one of my groups, mine or another's: its row shows it, moved to the top, counted unread if unseen. */
  noteGroupMessage(message: Message, unseen: boolean): void;
  /** My read of a group up to `upTo` (here or elsewhere): its badge clears unless something newer came. */
  noteGroupRead(groupId: string, upTo: string): void;
  /** I was added to a group or left it (or was removed), on any device: the list and the open group say so. */
  applyGroupChanged(change: GroupChanged): void;
  /**
   * Changes the open group (adds people, edits it, changes a role, removes someone or leaves):
   * shown as the server answers, or said in a toast. Resolves whether it was done.
   */
  changeGroup(change: (groupId: string) => Promise<Group | void>): Promise<boolean>;
  /** "Delete group", once I am out of it: off my list (closed if open); resolves whether it went, or says in a toast why not. */
  deleteGroupChat(groupId: string): Promise<boolean>;
  /** Joins the group of an invite link and opens it; resolves whether I am in it. */
  joinGroup(code: string): Promise<boolean>;
  /** Another's message of a group reached this device: said to the server (the newest of each group, about once a second). */
  noteGroupReceived(message: Message): void;
  /** Every member has a group's messages up to one id and read them up to another: my ticks there move. */
  applyGroupReceipts(receipts: GroupReceipts): void;
  /** Someone of a group (typing there) its row cannot name yet: the group's people are asked for, once. */
  notePersonOfGroup(groupId: string, userId: string): void;
  /** Pins, archives or marks unread a group of mine (or undoes it): shown at once, put back with a toast if the server refuses. */
  setGroupMark(groupId: string, mark: GroupMark, on: boolean): Promise<void>;
  /** I did so on another tab or device. */
  applyGroupMark(groupId: string, mark: GroupMark, on: boolean): void;
}

/** My own state of a group in the inbox, as of a conversation. */
export type GroupMark = 'pinned' | 'archived' | 'markedUnread';

const MARK_CALLS: Record<GroupMark, [(id: string) => Promise<unknown>, (id: string) => Promise<unknown>]> = {
  pinned: [(id) => api.pin(id), (id) => api.unpin(id)],
  archived: [(id) => api.archive(id), (id) => api.unarchive(id)],
  markedUnread: [(id) => api.markUnread(id, true), (id) => api.markUnread(id, false)],
};

/** How long this device gathers a group's messages before it says which it has (its delivery receipt there). */
const GROUP_RECEIPT_MS = 1000;

/** What it holds before anyone signs in, and again once they leave. */
export const GROUPS_SIGNED_OUT = {
  groups: [],
  selectedGroup: null,
} satisfies Partial<GroupsSlice>;

/** The people of a group or of a row by id, for the names its messages and lines show. */
export const peopleById = (people: Contact[]) => new Map(people.map((person) => [person._id, person]));

/** My groups in the inbox, and the one open. */
export const createGroupsSlice: ChatSlice<GroupsSlice> = (set, get) => {
  /** The newest message of each group this device has and has not said yet, and when it will. */
  const received = new Map<string, string>();
  let receiptTimer: ReturnType<typeof setTimeout> | undefined;
  /** The people asked for by `notePersonOfGroup` (group/user): asked once each, found or not. */
  const askedFor = new Set<string>();
  /** Listings of my groups started: only the latest one's pages are shown. */
  let listings = 0;
  /**
   * A page of my groups: the first is the list as it is now; each later one adds the older groups
   * it holds (those listed already may have moved with a message since their page came).
   */
  const showPage = (entries: GroupEntry[], { first }: { first: boolean }) =>
    set(({ groups: listed, selectedGroup: open }) => {
      const known = new Set(first ? [] : listed.map((entry) => entry.group._id));
      const groups = first ? entries : [...listed, ...entries.filter((entry) => !known.has(entry.group._id))];
      // The open group's card as it is now (renamed, removed or back in it), its members kept.
      const card = open && entries.find((entry) => entry.group._id === open._id)?.group;
      return { groups, ...(open && card ? { selectedGroup: { ...card, members: open.members, people: open.people } } : {}) };
    });
  const sayReceived = () => {
    receiptTimer = undefined;
    const socket = useAuthStore.getState().socket;
    for (const [groupId, upTo] of received) socket?.emit('groupReceived', { groupId, upTo });
    received.clear();
  };

  /** A group no longer mine to see (I deleted it, here or on another device): off the list, and closed. */
  const drop = (groupId: string) => {
    set(({ groups }) => ({ groups: groups.filter((entry) => entry.group._id !== groupId) }));
    if (get().selectedGroup?._id === groupId) get().setSelectedGroup(null);
  };

  /** The open group's members and people, once the server says them (if it is still the one open). */
  const loadSelected = async (groupId: string) => {
    try {
      const group = await groupsApi.get(groupId);
      if (get().selectedGroup?._id === groupId) set({ selectedGroup: group });
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) drop(groupId);
      else toast.error(errorMessage(error));
    }
  };

  /** Comes into a group (made, or joined by a link): listed, then opened; false, said in a toast, if the server refused. */
  const enter = async (coming: () => Promise<Group>) => {
    try {
      const group = await coming();
      await get().getGroups();
      get().setSelectedGroup(group);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    }
  };

  return {
    ...GROUPS_SIGNED_OUT,
    async getGroups() {
      const listing = ++listings;
      try {
        let cursor: string | undefined;
        do {
          const page = await groupsApi.list(cursor);
          // A newer listing started (something changed meanwhile): its pages are the ones to show.
          if (listing !== listings) return;
          showPage(page.entries, { first: cursor === undefined });
          cursor = page.next ?? undefined;
        } while (cursor);
      } catch (error) {
        toast.error(errorMessage(error));
      }
    },

    createGroup({ name, description, picture }, memberIds) {
      return enter(async () => {
        const group = await groupsApi.create({ name, memberIds, ...(description ? { description } : {}) });
        // Its picture is stored under the group's id, once there is one (a line says so, as WhatsApp's). A
        // picture refused leaves the group made, without it: said, and changed from its info.
        if (!picture) return group;
        return groupsApi.setPicture(group._id, picture).catch((error: unknown) => {
          toast.error(errorMessage(error));
          return group;
        });
      });
    },

    async openGroupById(groupId) {
      try {
        const listed = get().groups.find((entry) => entry.group._id === groupId)?.group;
        get().setSelectedGroup(listed ?? (await groupsApi.get(groupId)));
        return true;
      } catch (error) {
        toast.error(errorMessage(error));
        return false;
      }
    },

    setSelectedGroup(group) {
      if (group?._id === get().selectedGroup?._id) return;
      if (!group) return get().openConversation({});
      get().openConversation({ selectedGroup: { members: [], people: [], ...group } });
      // Opened, it is no longer marked unread, as a conversation.
      if (get().groups.some((entry) => entry.group._id === group._id && entry.markedUnread)) {
        void get().setGroupMark(group._id, 'markedUnread', false);
      }
      // A card from the list: its members and people come from the server (a group just made or joined has them).
      if (!('members' in group)) void loadSelected(group._id);
    },

    noteGroupMessage(message, unseen) {
      const groupId = message.groupId!;
      const entry = get().groups.find((row) => row.group._id === groupId);
      // A group not listed yet (just added to it): the server says it whole.
      if (!entry) return void get().getGroups();
      const newer = !entry.lastMessage || Number(message._id) >= Number(entry.lastMessage._id);
      if (!newer) return;
      const counted = entry.lastMessage?._id === message._id;
      const myId = useAuthStore.getState().authUser?._id;
      const fromOther = message.senderId !== myId;
      const counts = unseen && fromOther && !counted;
      const unreadCount = counts ? Math.min(entry.unreadCount + 1, UNREAD_COUNT_CAP) : entry.unreadCount;
      const mentionsMe = counts && myId !== undefined && Boolean(message.mentions?.includes(myId));
      // Who the row now names: the people it knew and those the message brings, each once.
      const people = [...peopleById([...entry.people, ...peopleOf(get().selectedGroup, message)]).values()];
      // Anything said in it takes it out of the archive, as the server counts it.
      const changed = {
        ...withFlag(entry, 'archived', false),
        lastMessage: message,
        unreadCount,
        people,
        ...(mentionsMe ? { mentioned: true as const } : {}),
      };
      set((state) => ({ groups: [changed, ...state.groups.filter((row) => row.group._id !== groupId)] }));
      // A line of its story may change its card (a new name, its rules, who is in it).
      if (message.system) {
        void get().getGroups();
        if (get().selectedGroup?._id === groupId) void loadSelected(groupId);
      }
    },

    noteGroupRead(groupId, upTo) {
      set((state) => ({
        groups: state.groups.map((entry) =>
          entry.group._id === groupId && entry.unreadCount > 0 && Number(entry.lastMessage?._id ?? 0) <= Number(upTo)
            ? { ...withoutMention(entry), unreadCount: 0 }
            : entry,
        ),
      }));
    },

    async changeGroup(change) {
      const groupId = get().selectedGroup?._id;
      if (!groupId) return false;
      try {
        const group = await change(groupId);
        if (group && get().selectedGroup?._id === groupId) set({ selectedGroup: group });
        else void loadSelected(groupId);
        void get().getGroups();
        return true;
      } catch (error) {
        toast.error(errorMessage(error));
        return false;
      }
    },

    joinGroup(code) {
      return enter(() => groupsApi.join(code));
    },

    noteGroupReceived({ groupId, _id }) {
      if (!groupId || Number(received.get(groupId) ?? 0) >= Number(_id)) return;
      received.set(groupId, _id);
      receiptTimer ??= setTimeout(sayReceived, GROUP_RECEIPT_MS);
    },

    applyGroupReceipts(receipts) {
      const stamp = (message: Message) => stampedBy(message, receipts);
      set((state) => ({
        messages: state.selectedGroup?._id === receipts.groupId ? state.messages.map(stamp) : state.messages,
        groups: state.groups.map((entry) =>
          entry.group._id === receipts.groupId && entry.lastMessage ? { ...entry, lastMessage: stamp(entry.lastMessage) } : entry,
        ),
      }));
    },

    notePersonOfGroup(groupId, userId) {
      const entry = get().groups.find((row) => row.group._id === groupId);
      const asked = `${groupId}/${userId}`;
      if (!entry || entry.people.some((person) => person._id === userId) || askedFor.has(asked)) return;
      askedFor.add(asked);
      groupsApi.get(groupId).then(
        ({ people }) =>
          set((state) => ({
            groups: state.groups.map((row) =>
              row.group._id === groupId ? { ...row, people: [...peopleById([...row.people, ...people]).values()] } : row,
            ),
          })),
        // Unnamed, the row says "Someone is typing…" as before.
        () => undefined,
      );
    },

    async setGroupMark(groupId, mark, on) {
      const before = get().groups.find((entry) => entry.group._id === groupId);
      if (!before) return;
      get().applyGroupMark(groupId, mark, on);
      try {
        await MARK_CALLS[mark][on ? 0 : 1](groupId);
      } catch (error) {
        set((state) => ({ groups: state.groups.map((entry) => (entry.group._id === groupId ? before : entry)) }));
        toast.error(errorMessage(error));
      }
    },

    applyGroupMark(groupId, mark, on) {
      set((state) => ({ groups: state.groups.map((entry) => (entry.group._id === groupId ? withMark(entry, mark, on) : entry)) }));
    },

    async deleteGroupChat(groupId) {
      try {
        await groupsApi.deleteChat(groupId);
      } catch (error) {
        toast.error(errorMessage(error));
        return false;
      }
      drop(groupId);
      return true;
    },

    applyGroupChanged({ groupId }) {
      void get().getGroups();
      if (get().selectedGroup?._id === groupId) void loadSelected(groupId);
    },
  };
};

/** A message of the group as its receipts say: delivered to every member, read by every member. */
function stampedBy(message: Message, { groupId, deliveredUpTo, readUpTo, at }: GroupReceipts): Message {
  if (message.groupId !== groupId || message.system) return message;
  const id = Number(message._id);
  const deliveredAt = message.deliveredAt ?? (id <= Number(deliveredUpTo) ? at : null);
  const readAt = message.readAt ?? (id <= Number(readUpTo) ? at : null);
  return deliveredAt === message.deliveredAt && readAt === message.readAt ? message : { ...message, deliveredAt, readAt };
}

/** A group's entry pinned (now, unless it was), archived (which unpins, as pinning takes it out of the archive) or marked unread, or not. */
function withMark(entry: GroupEntry, mark: GroupMark, on: boolean): GroupEntry {
  if (mark === 'markedUnread') return withFlag(entry, 'markedUnread', on);
  const { pinnedAt, archived: _archived, ...rest } = entry;
  if (mark === 'archived') return on ? { ...rest, archived: true } : withFlag(entry, 'archived', false);
  return on ? { ...rest, pinnedAt: pinnedAt ?? new Date().toISOString() } : rest;
}

/** A row no longer marked "@": what mentioned me is read. */
const withoutMention = ({ mentioned: _read, ...entry }: GroupEntry): GroupEntry => entry;

/** The people of the open group a message names, when it is of that group. */
function peopleOf(group: Group | null, message: Message): Contact[] {
  if (!group || group._id !== message.groupId) return [];
  const named = new Set([message.senderId, ...(message.system && 'userIds' in message.system ? message.system.userIds : [])]);
  return group.people.filter((person) => named.has(person._id));
}
