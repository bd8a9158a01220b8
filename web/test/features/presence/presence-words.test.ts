import { describe, expect, it } from 'vitest';
import { presenceWords } from '../../../src/features/presence';

describe('presence in words: the list and the header say the same', () => {
  it('says Online, whatever the last seen', () => {
    expect(presenceWords(true)).toBe('Online');
    expect(presenceWords(true, new Date().toISOString())).toBe('Online');
  });

  it('says Offline, and in the header when they were last seen where they share it', () => {
    const tenPastNine = new Date(new Date().setHours(9, 10, 0, 0)).toISOString();
    expect(presenceWords(false)).toBe('Offline');
    expect(presenceWords(false, null)).toBe('Offline');
    expect(presenceWords(false, tenPastNine)).toBe('Offline · last seen today at 09:10 AM');
  });
});
