import { describe, expect, it } from 'vitest';
import { stepsInOrder } from '../src/steps-in-order.js';

describe('steps in order', () => {
  it('starts each step once the one before has settled, a failed one too, and answers each its own outcome', async () => {
    const inOrder = stepsInOrder();
    const log: string[] = [];
    let finishFirst!: () => void;
    const first = inOrder(async () => {
      log.push('first starts');
      await new Promise<void>((resolve) => (finishFirst = resolve));
      log.push('first ends');
      throw new Error('first failed');
    });
    const second = inOrder(async () => {
      log.push('second runs');
      return 2;
    });
    await Promise.resolve();
    expect(log).toEqual(['first starts']);
    finishFirst();
    await expect(first).rejects.toThrow('first failed');
    expect(await second).toBe(2);
    expect(log).toEqual(['first starts', 'first ends', 'second runs']);
  });
});
