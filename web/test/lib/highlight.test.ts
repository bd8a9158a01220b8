import { describe, expect, it } from 'vitest';
import { highlightSearch } from '../../src/lib/highlight';

describe('marking the words a search found', () => {
  it('marks each word starting with a searched word, whatever the case, and keeps the rest as it is', () => {
    const parts = highlightSearch('Meeting at NOON, not at noonday? Ameet', 'meet noon');
    expect(parts.map((part) => part.text).join('')).toBe('Meeting at NOON, not at noonday? Ameet');
    expect(parts.filter((part) => part.isMatch).map((part) => part.text)).toEqual(['Meeting', 'NOON', 'noonday']);
  });

  it('marks nothing for a search without a letter or digit', () => {
    expect(highlightSearch('what?!', '?!').some((part) => part.isMatch)).toBe(false);
  });
});
