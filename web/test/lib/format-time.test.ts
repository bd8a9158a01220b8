import { describe, expect, it } from 'vitest';
import { formatMessageTime } from '../../src/lib/format-time';

describe('formatMessageTime', () => {
  it('shows en-US 12-hour time as hh:mm AM/PM', () => {
    const morning = new Date(2026, 0, 5, 9, 7).toISOString();
    const evening = new Date(2026, 0, 5, 21, 45).toISOString();
    expect(formatMessageTime(morning)).toBe('09:07 AM');
    expect(formatMessageTime(evening)).toBe('09:45 PM');
  });
});
