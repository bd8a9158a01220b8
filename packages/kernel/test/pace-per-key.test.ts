import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { pacePerKey } from '../src/pace-per-key.js';

describe('pace per key', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first value at once and the latest of those that came meanwhile as the interval ends', () => {
    const sent: string[] = [];
    const paced = pacePerKey<number>(1000, (key, value) => sent.push(`${key}=${value}`));
    paced.push('a', 1);
    expect(sent).toEqual(['a=1']);
    paced.push('a', 2);
    paced.push('a', 3);
    paced.push('b', 1);
    expect(sent, 'another key is not held back by the first').toEqual(['a=1', 'b=1']);
    vi.advanceTimersByTime(999);
    expect(sent).toEqual(['a=1', 'b=1']);
    vi.advanceTimersByTime(1);
    expect(sent, 'only the latest, once').toEqual(['a=1', 'b=1', 'a=3']);
    paced.push('a', 4);
    vi.advanceTimersByTime(999);
    expect(sent, 'the trailing value opened an interval of its own').toEqual(['a=1', 'b=1', 'a=3']);
    vi.advanceTimersByTime(1);
    expect(sent).toEqual(['a=1', 'b=1', 'a=3', 'a=4']);
  });

  it('sends at once again once a key was quiet for a whole interval', () => {
    const sent: number[] = [];
    const paced = pacePerKey<number>(1000, (_, value) => sent.push(value));
    paced.push('a', 1);
    vi.advanceTimersByTime(1000);
    expect(vi.getTimerCount(), 'nothing held for a quiet key').toBe(0);
    paced.push('a', 2);
    expect(sent).toEqual([1, 2]);
  });

  it('sends nothing that waited once stopped', () => {
    const sent: number[] = [];
    const paced = pacePerKey<number>(1000, (_, value) => sent.push(value));
    paced.push('a', 1);
    paced.push('a', 2);
    paced.stop();
    vi.advanceTimersByTime(5000);
    expect(sent).toEqual([1]);
    expect(vi.getTimerCount()).toBe(0);
  });
});
