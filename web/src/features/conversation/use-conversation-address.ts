import type { Contact, GroupCard } from '@chat/contracts';
import { useEffect, useRef, useState } from 'react';
import toast from 'react-hot-toast';
import { useLocation, useMatch, useNavigate } from 'react-router';
import { ApiError } from '../../api/client';
import { errorMessage, useAuthStore } from '../../store/use-auth-store';
import { openConversationId, useChatStore } from '../../store/use-chat-store';
import { groupsApi } from '../groups';
import { conversationApi } from './conversation-api';

/** The address of the conversation with that person (or of that group): a reload, a link or Back opens it again. */
export const conversationPath = (userId: string) => `/chat/${encodeURIComponent(userId)}`;
const CONVERSATION_ROUTE = '/chat/:userId';

/** What a conversation's history entry remembers: whether the list is the entry before it. */
interface AddressEntry {
  openedOnList?: boolean;
}

/** Who is at that address: a person or a group, from the inbox when it holds them, else the server; null for none we know. */
async function conversationAt(id: string): Promise<{ person: Contact } | { group: GroupCard } | null> {
  const { users, groups } = useChatStore.getState();
  const listed = users.find((user) => user._id === id);
  if (listed) return { person: listed };
  const group = groups.find((entry) => entry.group._id === id)?.group;
  if (group) return { group };
  const notFound = (error: unknown) => {
    if (error instanceof ApiError && (error.status === 400 || error.status === 404)) return null;
    throw error;
  };
  const person = await conversationApi.contactCard(id).then(({ _id, fullName, profilePic }) => ({ _id, fullName, profilePic }), notFound);
  if (person) return { person };
  const found = await groupsApi.get(id).catch(notFound);
  return found && { group: found };
}

/**
 * Keeps the open conversation and the address in step, each way: the address opens its
 * conversation (a link, a reload, Back and Forward), and a conversation opened or closed in the app
 * (the list, a shortcut, a notification, the close button) moves the address. Opening one from
 * another replaces the entry, so Back from any conversation leads to the list, as on a phone.
 * Says whether the address names nobody we know.
 */
export function useConversationAddress(): { notFound: boolean } {
  const userId = useMatch(CONVERSATION_ROUTE)?.params.userId ?? null;
  const navigate = useNavigate();
  const selectedId = useChatStore((state) => openConversationId(state) ?? null);
  const [unknownId, setUnknownId] = useState<string | null>(null);
  // Counts lookups of the address that could not reach the server: the next goes once it can.
  const [failedLookups, setFailedLookups] = useState(0);
  const mounted = useRef(false);

  useEffect(() => {
    const { setSelectedUser } = useChatStore.getState();
    const selected = openConversationId(useChatStore.getState()) ?? null;
    const firstRun = !mounted.current;
    mounted.current = true;
    if (userId === selected) return;
    // Back at the list with a conversation chosen elsewhere (a notification's click): it opens.
    if (firstRun && userId === null && selected !== null) return void navigate(conversationPath(selected), { replace: true });
    if (userId === null) return setSelectedUser(null);
    let current = true;
    const socket = useAuthStore.getState().socket;
    const lookAgain = () => setFailedLookups((count) => count + 1);
    conversationAt(userId).then(
      (found) => {
        if (!current) return;
        if (!found) setUnknownId(userId);
        else if ('person' in found) useChatStore.getState().setSelectedUser(found.person);
        else useChatStore.getState().setSelectedGroup(found.group);
      },
      (error: unknown) => {
        if (!current) return;
        toast.error(errorMessage(error));
        // A reload while offline keeps its address: the conversation opens once the server answers.
        socket?.once('connect', lookAgain);
      },
    );
    return () => {
      current = false;
      socket?.off('connect', lookAgain);
    };
  }, [userId, navigate, failedLookups]);

  const lastSelected = useRef(selectedId);
  const entry = useLocation().state as AddressEntry | null;
  useEffect(() => {
    if (lastSelected.current === selectedId) return;
    lastSelected.current = selectedId;
    if (selectedId === userId) return;
    // Opened on the list, the entry says so; one opened from another keeps what its entry said.
    const state: AddressEntry | null = userId === null ? { openedOnList: true } : entry;
    if (selectedId !== null) return void navigate(conversationPath(selectedId), { replace: userId !== null, state });
    // Closed: back to the list it was opened on, or to the list in its place when it was opened
    // another way (a link, a reload, a notification clicked on another page).
    if (entry?.openedOnList) void navigate(-1);
    else void navigate('/', { replace: true });
  }, [selectedId, userId, navigate, entry]);

  return { notFound: userId !== null && unknownId === userId };
}
