import { describe, expect, it } from 'vitest';
import { groupPlaces } from '../../../src/features/conversation/message-groups';

const at = (day: number, hour: number, minute: number) => new Date(2026, 10, day, hour, minute).toISOString();
const from = (senderId: string, minute: number, hour = 9, day = 27) => ({ senderId, createdAt: at(day, hour, minute) });
/** The groups as brackets around their messages: "[•••][••]". */
const shape = (places: { startsGroup: boolean; endsGroup: boolean }[]) =>
  places.map(({ startsGroup, endsGroup }) => `${startsGroup ? '[' : ''}•${endsGroup ? ']' : ''}`).join('');

describe('message groups: one person’s messages close together read as one', () => {
  it('groups a person’s messages minutes apart, and starts another at the other person’s', () => {
    const messages = [from('ann', 0), from('ann', 1), from('ann', 4), from('bob', 5), from('bob', 6), from('ann', 7)];
    expect(shape(groupPlaces(messages))).toBe('[•••][••][•]');
  });

  it('starts a new group after five minutes of quiet, and on a new day', () => {
    expect(shape(groupPlaces([from('ann', 0), from('ann', 4), from('ann', 9)]))).toBe('[••][•]');
    expect(shape(groupPlaces([from('ann', 59, 23, 26), from('ann', 0, 0, 27)]))).toBe('[•][•]');
  });

  it('starts a new group at the line over the first unread message', () => {
    const messages = [from('bob', 0), from('bob', 1), from('bob', 2)];
    expect(shape(groupPlaces(messages, (index) => index === 1))).toBe('[•][••]');
  });

  it('makes a lone message a group of its own', () => {
    expect(groupPlaces([from('ann', 0)])).toEqual([{ startsGroup: true, endsGroup: true }]);
    expect(groupPlaces([])).toEqual([]);
  });
});
