import { setImmediate as nextTurn } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { batchPerTurn } from '../src/batch-per-turn.js';

/** A run that records each batch it is handed and ends when told. */
function heldRuns() {
  const batches: number[][] = [];
  const finishers: (() => void)[] = [];
  const run = async (inputs: number[]) => {
    batches.push(inputs);
    await new Promise<void>((resolve) => finishers.push(resolve));
    return inputs.map((input) => input * 10);
  };
  return { batches, run, finishNext: () => finishers.shift()!() };
}

describe('batch per turn', () => {
  it('hands the calls of one turn to one run and answers each its own result', async () => {
    const { batches, run, finishNext } = heldRuns();
    const call = batchPerTurn(run);
    const answers = Promise.all([call(1), call(2), call(3)]);
    await nextTurn();
    expect(batches).toEqual([[1, 2, 3]]);
    finishNext();
    expect(await answers).toEqual([10, 20, 30]);
  });

  it('starts a run for each turn when nothing bounds them', async () => {
    const { batches, run } = heldRuns();
    const call = batchPerTurn(run);
    void call(1);
    await nextTurn();
    void call(2);
    await nextTurn();
    expect(batches).toEqual([[1], [2]]);
  });

  it('keeps the calls that come while its runs are all under way for one run when one ends', async () => {
    const { batches, run, finishNext } = heldRuns();
    const call = batchPerTurn(run, { inFlight: 1 });
    const first = call(1);
    await nextTurn();
    const later = [call(2)];
    await nextTurn();
    later.push(call(3));
    await nextTurn();
    expect(batches, 'nothing more starts while the first run is under way').toEqual([[1]]);
    finishNext();
    expect(await first).toBe(10);
    await nextTurn();
    expect(batches).toEqual([[1], [2, 3]]);
    finishNext();
    expect(await Promise.all(later)).toEqual([20, 30]);
  });

  it('tells every call of a failed run why', async () => {
    const call = batchPerTurn(async () => Promise.reject(new Error('the database is down')), { inFlight: 1 });
    await expect(Promise.all([call(1), call(2)])).rejects.toThrow('the database is down');
    await expect(call(3), 'the next run starts after a failure').rejects.toThrow('the database is down');
  });
});
