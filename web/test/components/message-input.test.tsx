import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { canSend, MessageInput } from '../../src/components/message-input';

describe('send button', () => {
  it('is disabled while the text is blank and there is no image', () => {
    render(<MessageInput />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByPlaceholderText('Type a message...'), { target: { value: '   ' } });
    expect(send).toBeDisabled();
    fireEvent.change(screen.getByPlaceholderText('Type a message...'), { target: { value: ' hi ' } });
    expect(send).toBeEnabled();
  });

  it('can send an image without text', () => {
    expect(canSend('', 'data:image/png;base64,AAAA')).toBe(true);
    expect(canSend('  ', null)).toBe(false);
  });
});
