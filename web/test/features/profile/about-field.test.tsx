import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AboutField } from '../../../src/features/profile/about-field';
import { api, ApiError } from '../../../src/api/client';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { me } from '../../../../test/support/an-auth-user';

beforeEach(() => {
  useAuthStore.setState({ authUser: { ...me, about: 'At work' } });
});

afterEach(() => {
  vi.restoreAllMocks();
});

const edit = () => fireEvent.click(screen.getByRole('button', { name: 'Edit about' }));
const type = (text: string) => fireEvent.change(screen.getByRole('textbox', { name: 'About' }), { target: { value: text } });

describe('my “About” on the profile', () => {
  it('edits it in place and shows what the server kept', async () => {
    const update = vi.spyOn(api, 'updateAbout').mockResolvedValue({ ...me, about: 'Out hiking' });
    render(<AboutField />);
    expect(screen.getByTestId('profile-about').textContent).toBe('At work');
    edit();
    expect(screen.getByRole('textbox', { name: 'About' })).toHaveValue('At work');
    type('Out hiking ');
    fireEvent.click(screen.getByRole('button', { name: 'Save about' }));
    await waitFor(() => expect(screen.getByTestId('profile-about').textContent).toBe('Out hiking'));
    expect(update).toHaveBeenCalledWith('Out hiking ');
  });

  it('counts what is left as the server does, an emoji as one, and will not save past 140', () => {
    render(<AboutField />);
    edit();
    type('🙂'.repeat(139));
    expect(screen.getByText('1')).toBeInTheDocument();
    type('x'.repeat(142));
    expect(screen.getByText('2 too many')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Save about' })).toBeDisabled();
  });

  it('gives up the edit with Escape, and keeps it open when the server refuses', async () => {
    vi.spyOn(api, 'updateAbout').mockRejectedValue(new ApiError('Cannot reach the server. Check your connection.', 0));
    render(<AboutField />);
    edit();
    type('Changed my mind');
    fireEvent.keyDown(screen.getByRole('textbox', { name: 'About' }), { key: 'Escape' });
    expect(screen.getByTestId('profile-about').textContent).toBe('At work');
    edit();
    type('Offline now');
    fireEvent.click(screen.getByRole('button', { name: 'Save about' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Save about' })).toBeEnabled());
    expect(screen.getByRole('textbox', { name: 'About' })).toHaveValue('Offline now');
  });

  it('invites me to write one while I have none', () => {
    useAuthStore.setState({ authUser: me });
    render(<AboutField />);
    expect(screen.getByTestId('profile-about').textContent).toBe('Add a few words about yourself');
  });
});
