import { describe, expect, it } from 'vitest';
import { i18n } from '../../src/i18n';
import { formatDayHeading, formatDayTime, formatInboxTime, formatLastSeen, formatMessageTime, localDayOf } from '../../src/lib/format-time';

const now = new Date(2026, 10, 23, 15, 0); // Monday, Nov 23 2026
/** A local time, as the server sends it (ISO, UTC). */
const at = (...parts: [number, number, number, number?, number?]) => new Date(...parts).toISOString();

describe('formatMessageTime', () => {
  it('shows en-US 12-hour time as hh:mm AM/PM', () => {
    const morning = new Date(2026, 0, 5, 9, 7).toISOString();
    const evening = new Date(2026, 0, 5, 21, 45).toISOString();
    expect(formatMessageTime(morning)).toBe('09:07 AM');
    expect(formatMessageTime(evening)).toBe('09:45 PM');
  });

  it('writes the time in the language chosen while the app runs, and in the time zone the device is in now', async () => {
    const morning = new Date(Date.UTC(2026, 0, 5, 9, 7)).toISOString();
    const zone = process.env.TZ;
    process.env.TZ = 'UTC';
    try {
      expect(formatMessageTime(morning)).toBe('09:07 AM');
      await i18n.changeLanguage('es');
      expect(formatMessageTime(morning)).toBe('09:07');
      await i18n.changeLanguage('ar');
      expect(formatMessageTime(morning)).toBe('09:07 ص');
      await i18n.changeLanguage('en');
      process.env.TZ = 'Asia/Tokyo';
      expect(formatMessageTime(morning)).toBe('06:07 PM');
    } finally {
      await i18n.changeLanguage('en');
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});

describe('formatInboxTime', () => {
  it('shows the time today, the weekday within the week, the date before, and the year when not this one', () => {
    expect(formatInboxTime(at(2026, 10, 23, 0, 5), now)).toBe('12:05 AM');
    expect(formatInboxTime(at(2026, 10, 22, 23, 59), now)).toBe('Sun');
    expect(formatInboxTime(at(2026, 10, 17, 9, 0), now)).toBe('Tue');
    expect(formatInboxTime(at(2026, 10, 16, 9, 0), now)).toBe('Nov 16');
    expect(formatInboxTime(at(2025, 11, 31, 9, 0), now)).toBe('Dec 31, 2025');
  });
});

describe('formatDayTime', () => {
  it('says the time alone today, and with its date on another day, with the year when not this one', () => {
    expect(formatDayTime(at(2026, 10, 23, 23, 30), now)).toBe('11:30 PM');
    expect(formatDayTime(at(2026, 10, 30, 15, 0), now)).toBe('Nov 30, 03:00 PM');
    expect(formatDayTime(at(2027, 0, 2, 8, 0), now)).toBe('Jan 2, 2027, 08:00 AM');
  });
});

describe('formatLastSeen', () => {
  it('says today or yesterday with the time, and the date before, with the year when not this one', () => {
    expect(formatLastSeen(at(2026, 10, 23, 10, 42), now)).toBe('last seen today at 10:42 AM');
    expect(formatLastSeen(at(2026, 10, 22, 22, 42), now)).toBe('last seen yesterday at 10:42 PM');
    expect(formatLastSeen(at(2026, 10, 3, 8, 0), now)).toBe('last seen Nov 3');
    expect(formatLastSeen(at(2025, 11, 31, 8, 0), now)).toBe('last seen Dec 31, 2025');
  });
});

describe('formatDayHeading', () => {
  it('heads a day as Today, Yesterday, its weekday within the week, its date before, with the year when not this one', () => {
    expect(formatDayHeading(at(2026, 10, 23, 0, 5), now)).toBe('Today');
    expect(formatDayHeading(at(2026, 10, 22, 23, 59), now)).toBe('Yesterday');
    expect(formatDayHeading(at(2026, 10, 21, 0, 0), now)).toBe('Saturday');
    expect(formatDayHeading(at(2026, 10, 17, 9, 0), now)).toBe('Tuesday');
    expect(formatDayHeading(at(2026, 10, 16, 9, 0), now)).toBe('November 16');
    expect(formatDayHeading(at(2025, 11, 31, 9, 0), now)).toBe('December 31, 2025');
  });

  it('counts days on the calendar, across a change of the clocks (a day of 23 hours in Berlin)', () => {
    const zone = process.env.TZ;
    process.env.TZ = 'Europe/Berlin';
    try {
      const afterTheChange = new Date(2026, 2, 30, 0, 30);
      expect(formatDayHeading(at(2026, 2, 29, 0, 30), afterTheChange)).toBe('Yesterday');
      expect(localDayOf(at(2026, 2, 29, 23, 59))).toBe('2026-03-29');
      expect(localDayOf(at(2026, 2, 30, 0, 0))).toBe('2026-03-30');
    } finally {
      if (zone === undefined) delete process.env.TZ;
      else process.env.TZ = zone;
    }
  });
});
