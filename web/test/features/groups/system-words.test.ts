import { describe, expect, it } from 'vitest';
import type { SystemEvent } from '@chat/contracts';
import { systemLineText } from '../../../src/features/groups';

const names: Record<string, string> = { ann: 'Ann', bob: 'Bob', cat: 'Cat', dan: 'Dan', eve: 'Eve' };
const nameOf = (userId: string) => names[userId];
const line = (event: SystemEvent, reader = 'bob') => systemLineText(event, reader, nameOf);

describe('a group’s lines, as each member reads them', () => {
  it('says who did what, with "You" for the reader and "you" for whom it names', () => {
    expect(line({ kind: 'created', actorId: 'ann', name: 'Hikers' })).toBe('Ann created the group “Hikers”');
    expect(line({ kind: 'created', actorId: 'ann', name: 'Hikers' }, 'ann')).toBe('You created the group “Hikers”');
    expect(line({ kind: 'added', actorId: 'ann', userIds: ['bob'] })).toBe('Ann added you');
    expect(line({ kind: 'added', actorId: 'ann', userIds: ['bob', 'cat'] })).toBe('Ann added you and Cat');
    expect(line({ kind: 'removed', actorId: 'bob', userIds: ['cat'] })).toBe('You removed Cat');
    expect(line({ kind: 'left', actorId: 'cat' })).toBe('Cat left');
    expect(line({ kind: 'joined', actorId: 'bob' })).toBe('You joined using the invite link');
    expect(line({ kind: 'renamed', actorId: 'ann', name: 'Ridge' })).toBe('Ann changed the group name to “Ridge”');
    expect(line({ kind: 'promoted', actorId: 'ann', userIds: ['bob'] })).toBe('Ann made you an admin');
    expect(line({ kind: 'demoted', actorId: 'ann', userIds: ['cat'] })).toBe('Ann dismissed Cat as admin');
  });

  it('names three people and counts the rest, and says "Someone" for whom the group no longer names', () => {
    expect(line({ kind: 'added', actorId: 'ann', userIds: ['cat', 'dan', 'eve', 'x', 'y'] })).toBe('Ann added Cat, Dan, Eve and 2 others');
    expect(line({ kind: 'added', actorId: 'ann', userIds: ['cat', 'dan', 'eve', 'x'] })).toBe('Ann added Cat, Dan, Eve and 1 other');
    expect(line({ kind: 'left', actorId: 'gone' })).toBe('Someone left');
  });
});
