// A bench's load drivers run in processes of their own (a process holds at most its file limit),
// told what to do over IPC: `{id, type, ...args}` in, `{id, ok: true, ...reply}` or
// `{id, ok: false, message}` out.
import { fork } from 'node:child_process';
import { setTimeout as pause } from 'node:timers/promises';
import { cpuTimes } from './proc.mjs';

/** Forks a driver script; `ask(type, args)` resolves to its reply, or rejects with its failure. */
export function startDriver(script) {
  const child = fork(script);
  const waiting = new Map();
  let nextId = 0;
  child.on('message', ({ id, ok, ...reply }) => {
    const entry = waiting.get(id);
    if (!entry) return;
    waiting.delete(id);
    if (ok) entry.resolve(reply);
    else entry.reject(new Error(reply.message));
  });
  return {
    child,
    ask: (type, args = {}) =>
      new Promise((resolve, reject) => {
        const id = nextId++;
        waiting.set(id, { resolve, reject });
        child.send({ id, type, ...args });
      }),
  };
}

/** `step(0)` to `step(count - 1)`, at most `concurrency` of them under way at once. */
export async function inTurn(count, concurrency, step) {
  let next = 0;
  const worker = async () => {
    while (next < count) await step(next++);
  };
  await Promise.all(Array.from({ length: concurrency }, worker));
}

/** In a driver: answers each command with what its handler resolves to, or with its failure. */
export function answerCommands(commands) {
  process.on('message', async ({ id, type, ...args }) => {
    try {
      process.send({ id, ok: true, ...(await commands[type](args)) });
    } catch (error) {
      process.send({ id, ok: false, message: String(error) });
    }
  });
}

/**
 * The CPU some processes spend on a piece of work, less what they use idle over as long: their
 * idle use is measured first over `idleMs`. Milliseconds in user space and in the kernel (/proc's
 * ticks are 10 ms).
 */
export async function idleCorrectedCpu(pids, idleMs) {
  const idleFrom = await cpuTimes(pids());
  await pause(idleMs);
  const idleTo = await cpuTimes(pids());
  const idlePerMs = (kind) => (idleTo[kind] - idleFrom[kind]) / idleMs;
  return async (work) => {
    const from = await cpuTimes(pids());
    const started = performance.now();
    await work();
    const elapsed = performance.now() - started;
    const to = await cpuTimes(pids());
    // Whole milliseconds: the kernel counts in 10 ms ticks, the idle share is an estimate.
    const ms = (kind) => Math.round(Math.max(0, (to[kind] - from[kind] - idlePerMs(kind) * elapsed) * 10));
    return { user: ms('user'), system: ms('system'), total: ms('user') + ms('system') };
  };
}
