import type { Contact } from '@chat/contracts';
import { MAX_MENTIONS } from '@chat/contracts';
import { useState, type KeyboardEvent, type RefObject } from 'react';
import { useAuthStore } from '../../store/use-auth-store';
import { useChatStore } from '../../store/use-chat-store';

/** The most members offered at once for an "@". */
const OFFERED = 6;

/** The "@…" being written just before the caret, if any: where it starts and what follows the "@". */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const match = /(^|\s)@([^\s@]{0,30})$/u.exec(text.slice(0, caret));
  return match ? { start: caret - match[2]!.length - 1, query: match[2]!.toLocaleLowerCase() } : null;
}

/** The open group's members I may mention (not me), as the group names them. */
function useMentionable(): Contact[] {
  const myId = useAuthStore((state) => state.authUser?._id);
  const group = useChatStore((state) => state.selectedGroup);
  if (!group || group.removed) return [];
  const members = new Set(group.members.map((member) => member.userId));
  return group.people.filter((person) => members.has(person._id) && person._id !== myId);
}

/**
 * Mentions in a group's box, as WhatsApp and Telegram offer them: an "@" offers the members whose
 * name has a word starting with what follows it; one chosen (a click, or Enter or Tab on the one
 * marked, moved with the arrows) becomes "@Their Name " in the text. What is sent mentions those
 * chosen whose "@Name" is still in it.
 */
export function useMentions(text: string, onText: (text: string) => void, boxRef: RefObject<HTMLTextAreaElement | null>) {
  const mentionable = useMentionable();
  const [chosen, setChosen] = useState<Contact[]>([]);
  const [marked, setMarked] = useState(0);
  const [dismissedAt, setDismissedAt] = useState<number | null>(null);
  // Where the caret is, as the box last said (typing moves it; so do clicks and the arrows).
  const [caretAt, setCaretAt] = useState<number | null>(null);
  const caret = Math.min(caretAt ?? text.length, text.length);
  const writing = mentionable.length > 0 ? mentionAt(text, caret) : null;
  const suggestions =
    writing && writing.start !== dismissedAt
      ? mentionable
          .filter((person) =>
            person.fullName
              .toLocaleLowerCase()
              .split(/\s+/)
              .some((word) => word.startsWith(writing.query)),
          )
          .slice(0, OFFERED)
      : [];

  const pick = (person: Contact) => {
    if (!writing) return;
    const before = text.slice(0, writing.start);
    const after = text.slice(caret);
    const written = `${before}@${person.fullName} ${after}`;
    onText(written);
    setChosen((current) => (current.some((each) => each._id === person._id) ? current : [...current, person]));
    setMarked(0);
    const at = before.length + person.fullName.length + 2;
    setCaretAt(at);
    // After the name, once the box shows it; not if typing went on meanwhile (the caret is where it went).
    requestAnimationFrame(() => {
      const box = boxRef.current;
      if (box?.value === written) box.setSelectionRange(at, at);
    });
    boxRef.current?.focus();
  };

  /** Keys for the offered list while it shows: true when one was taken. */
  const onKey = (event: KeyboardEvent<HTMLTextAreaElement>): boolean => {
    if (suggestions.length === 0) return false;
    const move = { ArrowDown: 1, ArrowUp: -1 }[event.key];
    if (move) setMarked((index) => (index + move + suggestions.length) % suggestions.length);
    else if (event.key === 'Enter' || event.key === 'Tab') pick(suggestions[Math.min(marked, suggestions.length - 1)]!);
    else if (event.key === 'Escape') setDismissedAt(writing?.start ?? null);
    else return false;
    event.preventDefault();
    return true;
  };

  /** The members the text mentions now, for the message it becomes; forgotten for the next one. */
  const take = (sent: string): string[] => {
    const ids = chosen.filter((person) => sent.includes(`@${person.fullName}`)).map((person) => person._id);
    setChosen([]);
    return ids.slice(0, MAX_MENTIONS);
  };

  return { suggestions, marked: Math.min(marked, Math.max(0, suggestions.length - 1)), pick, onKey, take, onCaret: setCaretAt };
}
