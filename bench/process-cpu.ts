/**
 * CPU time of another process, read from `/proc/<pid>/stat` (Linux): user
 * plus system time, in milliseconds. What a throughput run costs each
 * process is the difference of two readings; divided by the calls served,
 * it is the CPU one call costs there, whatever else shares the cores.
 */
import { readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc` times (`getconf CLK_TCK`; 100 on Linux everywhere). */
const TICKS_PER_SECOND = 100;

/** The CPU time `pid` has used so far in ms, or `undefined` where `/proc` is not there. */
export function processCpuMs(pid: number): number | undefined {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return undefined;
  }
  // The command name (field 2) is in parentheses and may hold spaces: count fields after it.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // utime and stime are fields 14 and 15 of the whole line: 12th and 13th after the name.
  const ticks = Number(fields[11]) + Number(fields[12]);
  return Number.isFinite(ticks) ? (ticks * 1000) / TICKS_PER_SECOND : undefined;
}

/** Runs `work` and returns its result with the CPU each of `pids` spent meanwhile (ms; `undefined` without `/proc`). */
export async function withProcessCpu<T>(
  pids: readonly number[],
  work: () => Promise<T>,
): Promise<{ result: T; cpuMs: (number | undefined)[] }> {
  const before = pids.map(processCpuMs);
  const result = await work();
  const cpuMs = pids.map((pid, index) => {
    const [start, end] = [before[index], processCpuMs(pid)];
    return start === undefined || end === undefined ? undefined : end - start;
  });
  return { result, cpuMs };
}
