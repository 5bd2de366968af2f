import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** Linux reports process CPU in clock ticks of 1/100 s (`getconf CLK_TCK` on these machines). */
const TICK_MICROS = 10_000;

/** utime + stime (and, with `reaped`, cutime + cstime: children that exited) of one process, in ticks. */
function ticks(pid: number, reaped: boolean): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const at = (field: number) => Number(fields[field - 3]);
    return at(14) + at(15) + (reaped ? at(16) + at(17) : 0);
  } catch {
    return 0; // the process ended between listing and reading: its time is in the parent's cutime
  }
}

function parentOf(pid: number): number {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return -1;
  }
}

/**
 * CPU time of a whole PostgreSQL cluster so far, in microseconds: the server process, its live
 * children (backends, checkpointer, WAL writer...) and those that exited (autovacuum workers).
 * With the API on PostgreSQL the statements run in those processes, so the bench adds them to
 * the API's CPU per request; without them the API would look cheaper than it is.
 */
export function postgresCpuMicros(dataDir: string): number {
  const postmaster = Number(readFileSync(path.join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  let total = ticks(postmaster, true);
  for (const entry of readdirSync('/proc')) {
    const pid = Number(entry);
    if (Number.isInteger(pid) && pid !== postmaster && parentOf(pid) === postmaster) total += ticks(pid, false);
  }
  return total * TICK_MICROS;
}
