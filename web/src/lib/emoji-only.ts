/** Any one emoji, a flag, a family or a skin tone included. Built at run time: a `v`-flag literal needs an ES2024 target. */
const EMOJI = new RegExp('\\p{RGI_Emoji}', 'gv');

/** The most emoji a message may hold alone and still be shown large. */
const MOST_JUMBO_EMOJI = 3;

/** Whether a text is one to three emoji and nothing else (spaces aside): shown large, as messengers do. */
export function isJumboEmoji(text: string): boolean {
  const emoji = text.match(EMOJI);
  return emoji !== null && emoji.length <= MOST_JUMBO_EMOJI && text.replace(EMOJI, '').trim() === '';
}
