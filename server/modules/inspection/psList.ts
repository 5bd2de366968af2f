import { forEachLine, MAX_LINES_PER_FILE, MAX_OBSERVATIONS_PER_FILE, WarningList } from './bounds';
import { clipRaw, type ExtractionResult, type Observation } from './types';

/**
 * sysdiagnose's ps.txt (`ps axwwo user,uid,prsna,pid,ppid,...,command`): the header line names the
 * columns and COMMAND is the last one, so a row's command is everything after the columns before
 * it. The executable is the command's first word: a path with a space in it is read up to the
 * space (ps does not quote), which the README lists as a known limit.
 */
export function extractPsList(text: string, source: string): ExtractionResult {
  const result: ExtractionResult = { source, observations: [], heuristics: [], device: {}, warnings: [] };
  const warnings = new WarningList();
  // What the bounds cut is always said, however many line warnings came first.
  const cuts: string[] = [];
  let commandColumn = -1;
  let full = false;
  const seen = new Set<string>();
  const cut = forEachLine(text, (raw, i) => {
    if (commandColumn < 0) {
      if (/\bPID\b/.test(raw) && /\b(COMMAND|CMD)\s*$/.test(raw.trimEnd()))
        commandColumn = raw.trim().split(/\s+/).length - 1;
      return;
    }
    const line = raw.trim();
    if (line === '' || full) return;
    const words = line.split(/\s+/, commandColumn + 1);
    if (words.length <= commandColumn) {
      warnings.push(`line ${i + 1}: fewer columns than the header`);
      return;
    }
    const executable = words[commandColumn]!;
    // Kernel threads and zombies show as `(name)`: still a process name worth checking.
    const value = /^\(.+\)$/.test(executable) ? executable.slice(1, -1) : executable;
    const kind = value.startsWith('/') ? 'path' : 'process';
    if (seen.has(`${kind}\u0000${value}`)) return;
    if (result.observations.length >= MAX_OBSERVATIONS_PER_FILE) {
      full = true;
      cuts.push(`more than ${MAX_OBSERVATIONS_PER_FILE} distinct processes: the rest not read`);
      return;
    }
    seen.add(`${kind}\u0000${value}`);
    const observation: Observation = { kind, value, source, line: i + 1, raw: clipRaw(line) };
    result.observations.push(observation);
  });
  if (commandColumn < 0) return { ...result, error: 'not a ps listing: no header line with PID and COMMAND columns' };
  if (cut) cuts.push(`more than ${MAX_LINES_PER_FILE} lines: the rest not read`);
  result.warnings = [...warnings.done(), ...cuts];
  return result;
}
