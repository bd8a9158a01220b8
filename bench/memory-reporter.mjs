// Preloaded into a process under measurement (`node --import`): on SIGWINCH (close-with-grace
// takes SIGUSR2 for a shutdown, Node SIGUSR1 for its inspector) it writes
// process.memoryUsage() to BENCH_MEMORY_FILE, after a full collection when the process runs with
// --expose-gc, so the bench can read the V8 heap in use from outside.
import { writeFileSync } from 'node:fs';

const file = process.env.BENCH_MEMORY_FILE;
if (file) {
  process.on('SIGWINCH', () => {
    globalThis.gc?.();
    writeFileSync(file, JSON.stringify(process.memoryUsage()));
  });
}
