import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import toast from 'react-hot-toast';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MessageInput } from '../../../src/features/composer/message-input';
import { canSend } from '../../../src/features/composer/use-submit';
import type { OutgoingMessage } from '../../../src/api/client';
import { useAuthStore } from '../../../src/store/use-auth-store';
import { useChatStore } from '../../../src/store/use-chat-store';
import { me } from '../../../../test/support/an-auth-user';

const textBox = () => screen.getByPlaceholderText<HTMLTextAreaElement>('Type a message...');
const type = (value: string) => fireEvent.change(textBox(), { target: { value } });

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, 'mediaDevices');
});

beforeEach(() => {
  useChatStore.setState({ drafts: {}, draftImages: {}, draftFiles: {}, sendMessage: vi.fn(), notifyTyping: vi.fn() });
  useAuthStore.setState({ authUser: me });
});

describe('send button', () => {
  it('is disabled while the text is blank and there is no image', () => {
    render(<MessageInput peerId="b" />);
    const send = screen.getByRole('button', { name: 'Send' });
    expect(send).toBeDisabled();
    type('   ');
    expect(send).toBeDisabled();
    type(' hi ');
    expect(send).toBeEnabled();
  });

  it('can send an image without text', () => {
    expect(canSend('', 'data:image/png;base64,AAAA')).toBe(true);
    expect(canSend('  ', null)).toBe(false);
  });
});

describe('the text box', () => {
  it('never cuts a long text: near the limit a counter shows, past it it says by how much and Send waits', () => {
    render(<MessageInput peerId="b" />);
    type('a'.repeat(1_799));
    expect(screen.queryByTestId('text-counter')).toBeNull();
    type('a'.repeat(1_950));
    expect(screen.getByTestId('text-counter')).toHaveTextContent('1,950 / 2,000');
    type('a'.repeat(2_010));
    expect(textBox().value).toHaveLength(2_010);
    expect(screen.getByTestId('text-counter')).toHaveTextContent('Message must be at most 2000 characters: 10 too many');
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    fireEvent.keyDown(textBox(), { key: 'Enter' });
    expect(useChatStore.getState().sendMessage).not.toHaveBeenCalled();
  });

  it('sends with Enter, and starts a new line with Shift+Enter or while an input method composes', () => {
    render(<MessageInput peerId="b" />);
    type('two\nlines ');
    fireEvent.keyDown(textBox(), { key: 'Enter', shiftKey: true });
    fireEvent.keyDown(textBox(), { key: 'Enter', isComposing: true });
    expect(useChatStore.getState().sendMessage).not.toHaveBeenCalled();
    fireEvent.keyDown(textBox(), { key: 'Enter' });
    expect(useChatStore.getState().sendMessage).toHaveBeenCalledWith({ text: 'two\nlines', image: null, file: null, replyTo: null });
    expect(textBox().value).toBe('');
  });

  it('keeps what is written to each person as their draft, in this browser, until it is sent', () => {
    const { rerender } = render(<MessageInput peerId="b" />);
    type('for Bob');
    rerender(<MessageInput peerId="c" />);
    expect(textBox().value).toBe('');
    type('for Cat');
    rerender(<MessageInput peerId="b" />);
    expect(textBox().value).toBe('for Bob');
    expect(JSON.parse(localStorage.getItem('chat-io:drafts:me') ?? '{}')).toEqual({ b: 'for Bob', c: 'for Cat' });

    fireEvent.keyDown(textBox(), { key: 'Enter' });
    expect(useChatStore.getState().drafts).toEqual({ c: 'for Cat' });
    useChatStore.setState({ drafts: {} });
    useChatStore.getState().restoreDrafts();
    expect(useChatStore.getState().drafts, 'after a reload').toEqual({ c: 'for Cat' });
  });

  it('leaves the drafts another tab of mine wrote meanwhile', () => {
    render(<MessageInput peerId="b" />);
    localStorage.setItem('chat-io:drafts:me', JSON.stringify({ c: 'from my other tab' }));
    type('from this tab');
    expect(JSON.parse(localStorage.getItem('chat-io:drafts:me') ?? '{}')).toEqual({ b: 'from this tab', c: 'from my other tab' });
    expect(useChatStore.getState().drafts).toEqual({ b: 'from this tab', c: 'from my other tab' });
  });

  it('keeps a photo attached for one person with their conversation, not the next one opened', () => {
    useChatStore.setState({ draftImages: { b: 'data:image/png;base64,AAAA' } });
    const { rerender } = render(<MessageInput peerId="b" />);
    expect(screen.getByAltText('Photo to send')).toBeInTheDocument();
    rerender(<MessageInput peerId="c" />);
    expect(screen.queryByAltText('Photo to send')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send' })).toBeDisabled();
    rerender(<MessageInput peerId="b" />);
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(useChatStore.getState().sendMessage).toHaveBeenCalledWith({
      text: '',
      image: 'data:image/png;base64,AAAA',
      file: null,
      replyTo: null,
    });
    expect(useChatStore.getState().draftImages).toEqual({});
  });

  it('starts changing my latest message with Up in an empty box, and only there', () => {
    const onEditLatest = vi.fn(() => true);
    render(<MessageInput peerId="b" onEditLatest={onEditLatest} />);
    type('a line');
    fireEvent.keyDown(textBox(), { key: 'ArrowUp' });
    expect(onEditLatest, 'Up moves within what is written').not.toHaveBeenCalled();
    type('');
    expect(fireEvent.keyDown(textBox(), { key: 'ArrowUp' }), 'the key taken').toBe(false);
    expect(onEditLatest).toHaveBeenCalledTimes(1);
  });

  it('shows a message being changed in place of the draft, and the draft again once the edit ends', () => {
    useChatStore.setState({ drafts: { b: 'half a thought' } });
    const sent = { _id: '7', senderId: 'me', receiverId: 'b', text: 'typo hree' } as never;
    const { rerender } = render(<MessageInput peerId="b" editing={sent} />);
    expect(textBox().value).toBe('typo hree');
    type('typo here');
    expect(useChatStore.getState().drafts.b).toBe('half a thought');
    rerender(<MessageInput peerId="b" editing={null} />);
    expect(textBox().value).toBe('half a thought');
  });

  it('attaches a dropped document as a file, in place of a photo, and sends it with its caption', async () => {
    useChatStore.setState({ draftImages: { b: 'data:image/png;base64,AAAA' }, draftFiles: {} });
    const report = new File(['%PDF-1.7'], 'Q3 report.pdf', { type: 'application/pdf' });
    render(<MessageInput peerId="b" droppedFiles={[report]} />);
    expect(await screen.findByTestId('file-to-send')).toHaveTextContent('Q3 report.pdf8 B');
    expect(screen.queryByAltText('Photo to send'), 'one attachment at a time').toBeNull();
    type('the figures');
    fireEvent.keyDown(textBox(), { key: 'Enter' });
    expect(useChatStore.getState().sendMessage).toHaveBeenCalledWith({ text: 'the figures', image: null, file: report, replyTo: null });
    expect(useChatStore.getState().draftFiles).toEqual({});
  });

  it('asks before several files dropped at once go, then sends each as a message of its own, a picture as a photo', async () => {
    const photo = new File([Uint8Array.from([0x89, 0x50, 0x4e, 0x47])], 'view.png', { type: 'image/png' });
    const report = new File(['%PDF-1.7'], 'Q3 report.pdf', { type: 'application/pdf' });
    render(<MessageInput peerId="b" droppedFiles={[photo, report]} />);
    const dialog = await screen.findByRole('dialog', { name: 'Send 2 files?' });
    expect(within(dialog).getByRole('list', { name: 'Files to send' })).toHaveTextContent(/view\.png.*Q3 report\.pdf/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(useChatStore.getState().sendMessage).toHaveBeenCalledTimes(2));
    const [[first], [second]] = vi.mocked(useChatStore.getState().sendMessage).mock.calls as [[OutgoingMessage], [OutgoingMessage]];
    expect(first.image).toMatch(/^data:image\/png;base64,/);
    expect(second).toEqual({ text: '', image: null, file: report, replyTo: null });
  });

  it('refuses more than ten files at once, saying so, and sends none', () => {
    const shown = vi.spyOn(toast, 'error');
    const many = Array.from({ length: 11 }, (_, i) => new File(['x'], `${i}.txt`, { type: 'text/plain' }));
    render(<MessageInput peerId="b" droppedFiles={many} />);
    expect(shown).toHaveBeenCalledWith('You can send up to 10 files at once');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('refuses an empty file, saying why', async () => {
    const shown = vi.spyOn(toast, 'error');
    render(<MessageInput peerId="b" droppedFiles={[new File([], 'empty.txt', { type: 'text/plain' })]} />);
    await waitFor(() => expect(shown).toHaveBeenCalledWith('The file is empty'));
    expect(screen.queryByTestId('file-to-send')).toBeNull();
  });

  it('offers to record a voice message while nothing is written, and says so when the microphone is refused', async () => {
    const shown = vi.spyOn(toast, 'error');
    render(<MessageInput peerId="b" />);
    expect(screen.getByRole('button', { name: 'Send' }), 'the spec’s send button stays, disabled').toBeDisabled();
    fireEvent.click(screen.getByRole('button', { name: 'Record voice message' }));
    await waitFor(() => expect(shown).toHaveBeenCalledWith('Allow the microphone to record a voice message'));
    type('hi');
    expect(screen.queryByRole('button', { name: 'Record voice message' })).toBeNull();
  });

  it('records a voice message and sends it as a file with how long it lasts; cancelled, nothing is sent', async () => {
    const stopped = installFakeMicrophone();
    render(<MessageInput peerId="b" />);

    fireEvent.click(screen.getByRole('button', { name: 'Record voice message' }));
    await screen.findByRole('group', { name: 'Recording a voice message' });
    expect(screen.getByTestId('recording-time')).toHaveTextContent('0:00');
    fireEvent.click(screen.getByRole('button', { name: 'Cancel recording' }));
    await screen.findByRole('button', { name: 'Record voice message' });
    expect(useChatStore.getState().sendMessage).not.toHaveBeenCalled();

    fireEvent.click(screen.getByRole('button', { name: 'Record voice message' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Send voice message' }));
    await waitFor(() => expect(useChatStore.getState().sendMessage).toHaveBeenCalledTimes(1));
    const sent = vi.mocked(useChatStore.getState().sendMessage).mock.calls[0]![0];
    expect(sent).toMatchObject({ text: '', image: null, voiceSeconds: 1 });
    expect(sent.file).toMatchObject({ name: 'Voice message', type: 'audio/webm;codecs=opus' });
    expect(stopped, 'the microphone let go each time').toEqual(['microphone', 'microphone']);
  });

  it('throws a recording away when another conversation is opened, so it never goes to someone else', async () => {
    const stopped = installFakeMicrophone();
    const { rerender } = render(<MessageInput peerId="b" />);
    fireEvent.click(screen.getByRole('button', { name: 'Record voice message' }));
    await screen.findByRole('group', { name: 'Recording a voice message' });
    rerender(<MessageInput peerId="c" />);
    await screen.findByRole('button', { name: 'Record voice message' });
    expect(stopped).toEqual(['microphone']);
    expect(useChatStore.getState().sendMessage).not.toHaveBeenCalled();
  });
});

/** A microphone and MediaRecorder for the test DOM: records a few bytes of "Opus"; says each time the microphone is let go. */
function installFakeMicrophone(): string[] {
  const stopped: string[] = [];
  class FakeRecorder {
    static isTypeSupported = (type: string) => type === 'audio/webm;codecs=opus';
    mimeType = 'audio/webm;codecs=opus';
    ondataavailable: ((event: { data: Blob }) => void) | null = null;
    onstop: (() => void) | null = null;
    constructor(readonly stream: { getTracks(): { stop(): void }[] }) {}
    start() {}
    stop() {
      this.ondataavailable?.({ data: new Blob(['opus'], { type: this.mimeType }) });
      this.onstop?.();
    }
  }
  const stream = { getTracks: () => [{ stop: () => stopped.push('microphone') }] };
  vi.stubGlobal('MediaRecorder', FakeRecorder);
  Object.defineProperty(navigator, 'mediaDevices', { configurable: true, value: { getUserMedia: vi.fn().mockResolvedValue(stream) } });
  return stopped;
}
