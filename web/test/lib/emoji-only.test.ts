import { describe, expect, it } from 'vitest';
import { isJumboEmoji } from '../../src/lib/emoji-only';

describe('emoji shown large', () => {
  it('takes one to three emoji alone, whatever they are made of', () => {
    for (const text of ['😂', '👍🏽', '❤️', '👨‍👩‍👧‍👦', '🇫🇷', '🎉 🎉', ' 😍😍😍 ']) expect(isJumboEmoji(text), text).toBe(true);
  });

  it('leaves text, digits, four emoji or more, and an empty text as they are', () => {
    for (const text of ['ok 👍', '😂!', '1', '#', '😂😂😂😂', '', '   ']) expect(isJumboEmoji(text), JSON.stringify(text)).toBe(false);
  });
});
