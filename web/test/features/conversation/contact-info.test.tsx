import { DEFAULT_PAGE } from '@chat/contracts';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ContactInfo } from '../../../src/features/conversation/contact-info';
import { api } from '../../../src/api/client';
import { groupsApi } from '../../../src/features/groups';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore } from '../../../src/store/use-chat-store';
import { aGroupCard } from '../../../../test/support/a-group-card';
import { aMessage } from '../../../../test/support/a-message';
import { me } from '../../../../test/support/an-auth-user';

const bob = { _id: 'bob', fullName: 'Bob Stone', profilePic: '' };
const linkMessage = (id: number) => aMessage({ _id: String(id), senderId: 'bob', receiverId: 'me', text: `see site${id}.example.com` });

beforeEach(() => {
  useAuthStore.setState({ authUser: me });
  useChatStore.setState({ selectedUser: bob, jumpTarget: null });
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe('the contact info', () => {
  it('shows their “About” once their card comes, and no heading for one they left empty', async () => {
    vi.spyOn(api, 'getShared').mockResolvedValue([]);
    const getCard = vi
      .spyOn(api, 'getContactCard')
      .mockResolvedValueOnce({ ...bob, about: 'Out hiking until Sunday' })
      .mockResolvedValueOnce({ ...bob, about: '' });
    const { unmount } = render(<ContactInfo peer={bob} status="Online" onClose={() => {}} />);
    expect((await screen.findByRole('region', { name: 'About' })).textContent).toContain('Out hiking until Sunday');
    expect(getCard).toHaveBeenCalledWith('bob');
    unmount();
    render(<ContactInfo peer={bob} status="Online" onClose={() => {}} />);
    await waitFor(() => expect(getCard).toHaveBeenCalledTimes(2));
    await screen.findByText('No photos or videos yet');
    expect(screen.queryByRole('region', { name: 'About' })).toBeNull();
  });

  it('asks for each tab’s kind, shows more after the last one shown, and opens the chat at a message', async () => {
    const fullPage = Array.from({ length: DEFAULT_PAGE }, (_, i) => linkMessage(200 - i));
    const getShared = vi
      .spyOn(api, 'getShared')
      .mockResolvedValueOnce([])
      .mockResolvedValueOnce(fullPage)
      .mockResolvedValueOnce([linkMessage(3)]);
    const onClose = vi.fn();
    render(<ContactInfo peer={bob} status="Online" onClose={onClose} />);
    await screen.findByText('No photos or videos yet');
    fireEvent.click(screen.getByRole('tab', { name: 'Links' }));
    // Text queries: role queries over fifty links are slow in a test DOM.
    await screen.findByText('https://site200.example.com');
    fireEvent.click(screen.getByText('Show more'));
    expect((await screen.findByText('https://site3.example.com')).getAttribute('href')).toBe('https://site3.example.com');
    expect(getShared.mock.calls).toEqual([
      ['bob', 'media', { before: undefined }],
      ['bob', 'links', { before: undefined }],
      ['bob', 'links', { before: String(200 - DEFAULT_PAGE + 1) }],
    ]);
    await waitFor(() => expect(screen.queryByText('Show more')).toBeNull());
    fireEvent.click(screen.getAllByText('Show in chat').at(-1)!);
    expect(useChatStore.getState().jumpTarget).toBe('3');
    expect(onClose).toHaveBeenCalled();
  });

  it('lists the groups we are both in, each opening the group; none, no heading', async () => {
    vi.spyOn(api, 'getShared').mockResolvedValue([]);
    vi.spyOn(api, 'getContactCard').mockResolvedValue({ ...bob, about: '' });
    const inCommon = vi
      .spyOn(groupsApi, 'inCommon')
      .mockResolvedValueOnce([
        aGroupCard({ _id: 'alps', name: 'Alps trip', memberCount: 3 }),
        aGroupCard({ _id: 'book', name: 'Book club', memberCount: 12 }),
      ])
      .mockResolvedValueOnce([]);
    const { unmount } = render(<ContactInfo peer={bob} status="Online" onClose={() => {}} />);
    const section = await screen.findByRole('region', { name: '2 groups in common' });
    expect(inCommon).toHaveBeenCalledWith('bob');
    expect(section.textContent).toContain('Book club12 members');
    fireEvent.click(screen.getByRole('button', { name: /Alps trip/ }));
    expect(useChatStore.getState().selectedGroup?._id).toBe('alps');
    unmount();
    render(<ContactInfo peer={bob} status="Online" onClose={() => {}} />);
    await waitFor(() => expect(inCommon).toHaveBeenCalledTimes(2));
    await screen.findByText('No photos or videos yet');
    expect(screen.queryByRole('region', { name: /in common/ })).toBeNull();
  });
});
