// What the kernel says of a process (Linux /proc): CPU time, memory, open files, parent.
import { readdir, readFile } from 'node:fs/promises';

/** /proc/<pid>/stat from its third field on (the command name can hold spaces); null once the process is gone. */
async function statFields(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : null;
}

/** CPU ticks used so far in user space and in the kernel by a process, or by a group of them (all of Postgres's backends). */
export async function cpuTimes(pids) {
  const times = { user: 0, system: 0 };
  for (const pid of [pids].flat()) {
    const fields = await statFields(pid);
    if (fields) {
      times.user += Number(fields[11]);
      times.system += Number(fields[12]);
    }
  }
  return times;
}

/** CPU ticks (user + system) used so far by a process or a group of them. */
export async function cpuTicks(pids) {
  const { user, system } = await cpuTimes(pids);
  return user + system;
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
