/** Any one emoji, a flag, a family or a skin tone included. Built at run time: a `v`-flag literal needs an ES2024 target. */
const EMOJI = new RegExp('\\p{RGI_Emoji}', 'gv');

/**
 * A Latin letter: in a text, it is no emoji's part (a keycap is a digit, `#` or `*`, with its marks).
 * Most messages have one, and are told from emoji without the emoji pattern, whose first matches in
 * a page cost 20–200 ms of compiling it.
 */
const LATIN_LETTER = /[a-z]/i;

/** The most emoji a message may hold alone and still be shown large. */
const MOST_JUMBO_EMOJI = 3;

/** Whether a text is one to three emoji and nothing else (spaces aside): shown large, as messengers do. */
export function isJumboEmoji(text: string): boolean {
  if (LATIN_LETTER.test(text)) return false;
  const emoji = text.match(EMOJI);
  return emoji !== null && emoji.length <= MOST_JUMBO_EMOJI && text.replace(EMOJI, '').trim() === '';
}
