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
    const answers = await Promise.allSettled([call(1), call(2)]);
    expect(answers.map((answer) => answer.status === 'rejected' && (answer.reason as Error).message)).toEqual([
      'the database is down',
      'the database is down',
    ]);
    await expect(call(3), 'the next run starts after a failure').rejects.toThrow('the database is down');
  });

  it('runs nothing again of a batch that may have done part of its work', async () => {
    const runs: number[][] = [];
    const call = batchPerTurn(async (inputs: number[]) => {
      runs.push(inputs);
      throw new Error('no answer in time');
    });
    await Promise.allSettled([call(1), call(2)]);
    expect(runs).toEqual([[1, 2]]);
  });

  it('answers every other call of an all-or-nothing batch normally when one of them makes it fail', async () => {
    const runs: number[][] = [];
    const call = batchPerTurn(
      async (inputs: number[]) => {
        runs.push(inputs);
        if (inputs.includes(13)) throw new Error('13 is out of range');
        return inputs.map((input) => input * 10);
      },
      { allOrNothing: true },
    );
    const answers = await Promise.allSettled([1, 2, 13, 4].map(call));
    expect(answers.map((answer) => (answer.status === 'fulfilled' ? answer.value : (answer.reason as Error).message))).toEqual([
      10,
      20,
      '13 is out of range',
      40,
    ]);
    expect(runs[0]).toEqual([1, 2, 13, 4]);
  });

  it('fails no call with another’s result when a run answers fewer results than inputs', async () => {
    const call = batchPerTurn(async (inputs: number[]) => inputs.filter((input) => input !== 13).map((input) => input * 10), {
      allOrNothing: true,
    });
    const answers = await Promise.allSettled([1, 13, 3].map(call));
    expect(answers.map((answer) => answer.status === 'fulfilled' && answer.value)).toEqual([10, false, 30]);
  });
});
