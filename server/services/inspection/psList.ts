import { clipRaw, type ExtractionResult, type Observation } from './types';

/**
 * sysdiagnose's ps.txt (`ps axwwo user,uid,prsna,pid,ppid,...,command`): the header line names the
 * columns and COMMAND is the last one, so a row's command is everything after the columns before
 * it. The executable is the command's first word: a path with a space in it is read up to the
 * space (ps does not quote), which the README lists as a known limit.
 */
export function extractPsList(text: string, source: string): ExtractionResult {
  const result: ExtractionResult = { source, observations: [], heuristics: [], device: {}, warnings: [] };
  const lines = text.split(/\r?\n/);
  const headerIndex = lines.findIndex((l) => /\bPID\b/.test(l) && /\b(COMMAND|CMD)\s*$/.test(l.trimEnd()));
  if (headerIndex < 0) return { ...result, error: 'not a ps listing: no header line with PID and COMMAND columns' };
  const commandColumn = lines[headerIndex]!.trim().split(/\s+/).length - 1;

  const seen = new Set<string>();
  for (let i = headerIndex + 1; i < lines.length; i++) {
    const line = lines[i]!;
    if (line.trim() === '') continue;
    const words = line.trim().split(/\s+/);
    if (words.length <= commandColumn) {
      result.warnings.push(`line ${i + 1}: fewer columns than the header`);
      continue;
    }
    const executable = words[commandColumn]!;
    // Kernel threads and zombies show as `(name)`: still a process name worth checking.
    const value = /^\(.+\)$/.test(executable) ? executable.slice(1, -1) : executable;
    const kind = value.startsWith('/') ? 'path' : 'process';
    if (seen.has(`${kind}\u0000${value}`)) continue;
    seen.add(`${kind}\u0000${value}`);
    const observation: Observation = { kind, value, source, line: i + 1, raw: clipRaw(line.trim()) };
    result.observations.push(observation);
  }
  return result;
}
