import type { ClipboardEvent, KeyboardEvent, RefObject } from 'react';
import { useChatStore } from '../../store/use-chat-store';
import { useTranslation } from 'react-i18next';

interface MessageBoxProps {
  boxRef: RefObject<HTMLTextAreaElement | null>;
  text: string;
  onText(text: string): void;
  /** Changing a message already sent is not writing a new one: nobody is told I type. */
  isEditing: boolean;
  /** Files pasted into the box; without it, files are not taken (the browser does what it does). */
  onPasteFiles?(files: File[]): void;
  /** Up in an empty box: true when it started something (changing my latest message). */
  onUpInEmpty(): boolean;
  /** Escape: the box gives up what it is doing (an edit, a reply, an attachment). */
  onEscape(): void;
  /** Sees each key first (the mentions offered take the arrows, Enter, Tab and Escape): true when it took it. */
  onKeyFirst?(event: KeyboardEvent<HTMLTextAreaElement>): boolean;
  /** The caret moved (typing, a click, the arrows). */
  onCaret?(at: number): void;
}

/** The box one writes in: Enter sends, Shift+Enter starts a new line, pasted files are attached. */
export function MessageBox({ boxRef, text, onText, isEditing, onPasteFiles, onUpInEmpty, onEscape, onKeyFirst, onCaret }: MessageBoxProps) {
  const { t } = useTranslation();
  const notifyTyping = useChatStore((state) => state.notifyTyping);
  const onPaste = (event: ClipboardEvent<HTMLTextAreaElement>) => {
    const pasted = [...event.clipboardData.files];
    if (pasted.length === 0 || !onPasteFiles) return;
    event.preventDefault();
    onPasteFiles(pasted);
  };
  // Enter sends, as in every messenger on a computer. An Enter that ends an input method's
  // composition (Japanese, Chinese) only ends the composition.
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (onKeyFirst?.(event)) return;
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      event.currentTarget.form?.requestSubmit();
    } else if (event.key === 'ArrowUp' && !event.altKey && text === '') {
      if (onUpInEmpty()) event.preventDefault();
    } else if (event.key === 'Escape') {
      onEscape();
    }
  };
  return (
    <textarea
      ref={boxRef}
      rows={1}
      dir="auto"
      className="textarea textarea-sm max-h-40 min-h-0 w-full resize-none rounded-lg leading-snug sm:textarea-md"
      placeholder={t('Type a message...')}
      value={text}
      onChange={(event) => {
        onText(event.target.value);
        if (!isEditing) notifyTyping(event.target.value.trim().length > 0);
      }}
      onBlur={() => notifyTyping(false)}
      onSelect={(event) => onCaret?.(event.currentTarget.selectionStart)}
      onPaste={onPaste}
      onKeyDown={onKeyDown}
      aria-label={t('Message')}
    />
  );
}
