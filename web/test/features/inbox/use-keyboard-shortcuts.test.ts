import type { InboxEntry } from '@chat/contracts';
import { fireEvent, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CONTACT_SEARCH_ID, useKeyboardShortcuts } from '../../../src/features/inbox/use-keyboard-shortcuts';
import { useChatStore } from '../../../src/store/use-chat-store';

const entry = (id: string): InboxEntry => ({ _id: id, fullName: id, profilePic: '', lastMessage: null, unreadCount: 0, lastSeen: null });

beforeEach(() => {
  vi.spyOn(useChatStore.getState(), 'getMessages').mockResolvedValue();
  useChatStore.setState({ users: [entry('ann'), entry('bob'), entry('cat')], selectedUser: null });
});

afterEach(() => {
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

const open = () => useChatStore.getState().selectedUser?._id;

describe('keyboard shortcuts', () => {
  it('opens the next and the previous conversation of the list with Alt+↓ and Alt+↑, staying at its ends', () => {
    renderHook(() => useKeyboardShortcuts(() => {}));
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true });
    expect(open(), 'the first one when none is open').toBe('ann');
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true });
    fireEvent.keyDown(window, { key: 'ArrowDown', altKey: true });
    expect(open()).toBe('cat');
    fireEvent.keyDown(window, { key: 'ArrowUp', altKey: true });
    expect(open()).toBe('bob');
    fireEvent.keyDown(window, { key: 'ArrowUp' });
    expect(open(), 'an arrow alone moves nothing').toBe('bob');
  });

  it('goes to the contact search with Ctrl+K or ⌘K', () => {
    document.body.innerHTML = `<input id="${CONTACT_SEARCH_ID}" value="old words" /><textarea></textarea>`;
    renderHook(() => useKeyboardShortcuts(() => {}));
    const search = document.getElementById(CONTACT_SEARCH_ID) as HTMLInputElement;
    for (const keys of [{ ctrlKey: true }, { metaKey: true }]) {
      document.querySelector('textarea')!.focus();
      const handled = !fireEvent.keyDown(window, { key: 'k', ...keys });
      expect(document.activeElement).toBe(search);
      expect(handled, 'the browser’s own Ctrl+K not taken too').toBe(true);
      expect([search.selectionStart, search.selectionEnd]).toEqual([0, 'old words'.length]);
    }
  });

  it('asks for the list of shortcuts with Ctrl+/ or ⌘/, and not for a / alone', () => {
    const showShortcuts = vi.fn();
    renderHook(() => useKeyboardShortcuts(showShortcuts));
    fireEvent.keyDown(window, { key: '/' });
    expect(showShortcuts).not.toHaveBeenCalled();
    for (const keys of [{ ctrlKey: true }, { metaKey: true }])
      expect(fireEvent.keyDown(window, { key: '/', ...keys }), 'the browser’s own not taken too').toBe(false);
    expect(showShortcuts).toHaveBeenCalledTimes(2);
  });
});
