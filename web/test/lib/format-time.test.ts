import { describe, expect, it } from 'vitest';
import { formatInboxTime, formatLastSeen, formatMessageTime } from '../../src/lib/format-time';

describe('formatMessageTime', () => {
  it('shows en-US 12-hour time as hh:mm AM/PM', () => {
    const morning = new Date(2026, 0, 5, 9, 7).toISOString();
    const evening = new Date(2026, 0, 5, 21, 45).toISOString();
    expect(formatMessageTime(morning)).toBe('09:07 AM');
    expect(formatMessageTime(evening)).toBe('09:45 PM');
  });
});

describe('formatInboxTime', () => {
  const now = new Date(2026, 10, 23, 15, 0); // Monday, Nov 23 2026
  const at = (...parts: [number, number, number, number?, number?]) => new Date(...parts).toISOString();

  it('shows the time today, the weekday within the week, the date before, and the year when not this one', () => {
    expect(formatInboxTime(at(2026, 10, 23, 0, 5), now)).toBe('12:05 AM');
    expect(formatInboxTime(at(2026, 10, 22, 23, 59), now)).toBe('Sun');
    expect(formatInboxTime(at(2026, 10, 17, 9, 0), now)).toBe('Tue');
    expect(formatInboxTime(at(2026, 10, 16, 9, 0), now)).toBe('Nov 16');
    expect(formatInboxTime(at(2025, 11, 31, 9, 0), now)).toBe('Dec 31, 2025');
  });
});

describe('formatLastSeen', () => {
  const now = new Date(2026, 10, 23, 15, 0);
  const at = (...parts: [number, number, number, number?, number?]) => new Date(...parts).toISOString();

  it('says today or yesterday with the time, and the date before, with the year when not this one', () => {
    expect(formatLastSeen(at(2026, 10, 23, 10, 42), now)).toBe('last seen today at 10:42 AM');
    expect(formatLastSeen(at(2026, 10, 22, 22, 42), now)).toBe('last seen yesterday at 10:42 PM');
    expect(formatLastSeen(at(2026, 10, 3, 8, 0), now)).toBe('last seen Nov 3');
    expect(formatLastSeen(at(2025, 11, 31, 8, 0), now)).toBe('last seen Dec 31, 2025');
  });
});
