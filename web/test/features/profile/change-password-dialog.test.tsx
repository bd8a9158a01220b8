import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChangePasswordDialog } from '../../../src/features/profile/change-password-dialog';
import { api, ApiError } from '../../../src/api/client';

afterEach(() => {
  vi.restoreAllMocks();
});

function typeInto(label: string, value: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value } });
}

function fillIn(current: string, next: string, repeated: string) {
  typeInto('Current password', current);
  typeInto('New password', next);
  typeInto('Confirm new password', repeated);
}

describe('the change password dialog', () => {
  it('sends the current and the new password, says so, and closes', async () => {
    const change = vi.spyOn(api, 'changePassword').mockResolvedValue({ message: 'Password changed' });
    const said = vi.spyOn(toast, 'success');
    const onDone = vi.fn();
    render(<ChangePasswordDialog open onDone={onDone} />);
    expect(screen.getByRole('button', { name: 'Change password' })).toBeDisabled();
    fillIn('secret123', 'better-secret', 'better-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(change).toHaveBeenCalledWith({ currentPassword: 'secret123', newPassword: 'better-secret' });
    expect(said).toHaveBeenCalledWith('Password changed');
  });

  it('asks for the new password twice alike and by the signup rules before asking the server', () => {
    const change = vi.spyOn(api, 'changePassword');
    const shown = vi.spyOn(toast, 'error');
    render(<ChangePasswordDialog open onDone={() => {}} />);
    fillIn('secret123', 'better-secret', 'beter-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(shown).toHaveBeenLastCalledWith('The new passwords do not match');
    fillIn('secret123', 'short', 'short');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(shown).toHaveBeenLastCalledWith('New password must be at least 6 characters');
    expect(change).not.toHaveBeenCalled();
  });

  it('keeps what was typed and stays open when the server refuses the current password', async () => {
    vi.spyOn(api, 'changePassword').mockRejectedValue(new ApiError('Incorrect password', 403));
    const shown = vi.spyOn(toast, 'error');
    const onDone = vi.fn();
    render(<ChangePasswordDialog open onDone={onDone} />);
    fillIn('wrong-one', 'better-secret', 'better-secret');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Incorrect password'));
    expect(onDone).not.toHaveBeenCalled();
    expect(screen.getByLabelText('New password')).toHaveValue('better-secret');
    expect(screen.getByRole('button', { name: 'Change password' })).toBeEnabled();
  });
});
