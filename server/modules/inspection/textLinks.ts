import { forEachLine, MAX_OBSERVATIONS_PER_FILE } from './bounds';
import { findLinks } from './links';
import { clipRaw, type ExtractionResult, type Observation } from './types';

/**
 * The links of a sysdiagnose text artefact (a ps command line's arguments, a crash report's
 * fields, a log line), each a `url` observation with its host beside it as a `domain` (or
 * `ipv4`) one, with the line as evidence: the same shape Android's and the backups' readers give.
 * Bounded by the extractors' per-file observation cap, which the extractor's own ones count in.
 */
export function addTextLinks(result: ExtractionResult, text: string): void {
  // One indexOf per text when no line can hold a link (most shutdown.logs and Jetsam reports).
  if (!text.includes('://') && !/www\.|[a-z]\.[a-z]{1,6}\//i.test(text)) return;
  const seen = new Set<string>();
  let full = false;
  forEachLine(text, (line, i) => {
    if (full) return;
    for (const link of findLinks(line)) {
      const evidence = { source: result.source, line: i + 1, raw: clipRaw(line.trim()) };
      const host: Observation['kind'] = /^\d+\.\d+\.\d+\.\d+$/.test(link.host) ? 'ipv4' : 'domain';
      for (const [kind, value] of [
        ['url', link.url],
        [host, link.host],
      ] as const) {
        if (seen.has(`${kind}\u0000${value}`)) continue;
        if (result.observations.length >= MAX_OBSERVATIONS_PER_FILE) {
          full = true;
          result.warnings.push(`more than ${MAX_OBSERVATIONS_PER_FILE} observations: the rest of the links not read`);
          return;
        }
        seen.add(`${kind}\u0000${value}`);
        result.observations.push({ kind, value, ...evidence });
      }
    }
  });
}
