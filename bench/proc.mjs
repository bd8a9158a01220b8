// What the kernel says of processes (Linux /proc): which run, their CPU time, memory, open files,
// parent and command name, and this process's file limit.
import { readdir, readFile } from 'node:fs/promises';

/** /proc/<pid>/stat from its third field on (the command name can hold spaces); null once the process is gone. */
async function statFields(pid) {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '');
  return stat ? stat.slice(stat.lastIndexOf(')') + 2).split(' ') : null;
}

/**
 * CPU ticks used so far in user space and in the kernel by a process, or by a group of them (all
 * of Postgres's processes; a function lists the group anew at each reading), each with the
 * children it has waited for: a Postgres backend ending between two readings leaves its time to
 * the postmaster, rather than taking it out of the group's total.
 */
export async function cpuTimes(pids) {
  const times = { user: 0, system: 0 };
  for (const pid of typeof pids === 'function' ? await pids() : [pids].flat()) {
    const fields = await statFields(pid);
    if (fields) {
      times.user += Number(fields[11]) + Number(fields[13]);
      times.system += Number(fields[12]) + Number(fields[14]);
    }
  }
  return times;
}

/** CPU ticks (user + system) used so far by a process or a group of them. */
export async function cpuTicks(pids) {
  const { user, system } = await cpuTimes(pids);
  return user + system;
}

/** The ids of every process running now. */
async function processIds() {
  return (await readdir('/proc')).filter((entry) => /^\d+$/.test(entry)).map(Number);
}

async function parentOf(pid) {
  return Number((await statFields(pid))?.[1]);
}

export async function childrenOf(pid) {
  const children = [];
  for (const id of await processIds()) if ((await parentOf(id)) === pid) children.push(id);
  return children;
}

/** The running processes whose command is one of `names`, by name (Postgres has one per connection). */
export async function processesNamed(names) {
  const byName = Object.fromEntries(names.map((name) => [name, []]));
  for (const id of await processIds()) {
    const name = (await readFile(`/proc/${id}/comm`, 'utf8').catch(() => '')).trim();
    if (name in byName) byName[name].push(id);
  }
  return byName;
}

/** How many files this process may open (`ulimit -n`). */
export async function openFileLimit() {
  return Number((await readFile('/proc/self/limits', 'utf8')).match(/Max open files\s+(\d+)/)[1]);
}

export async function rssKb(pid) {
  return Number(/VmRSS:\s+(\d+)/.exec(await readFile(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
}

export async function openHandles(pid) {
  return (await readdir(`/proc/${pid}/fd`)).length;
}
