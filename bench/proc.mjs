// What the kernel says of a process (Linux /proc): CPU time, memory, open files, parent.
import { readdir, readFile } from 'node:fs/promises';

/** /proc/<pid>/stat from its third field on (the command name can hold spaces); null once the process is gone. */
async function statFields(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : null;
}

/** CPU ticks (user + system) used so far by a process, or by a group of them (all of Postgres's backends). */
export async function cpuTicks(pids) {
  let ticks = 0;
  for (const pid of [pids].flat()) {
    const fields = await statFields(pid);
    if (fields) ticks += Number(fields[11]) + Number(fields[12]);
  }
  return ticks;
}

export async function parentOf(pid) {
  return Number((await statFields(pid))?.[1]);
}

export async function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

export async function openHandles(pid) {
  return (await readdir(`/proc/${pid}/fd`)).length;
}
