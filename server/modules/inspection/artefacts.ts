import { type ArtefactNameKind, artefactNameKind } from '@common/gluon/uploadName';

import { extractIpsReport } from './ipsReport';
import { extractPsList } from './psList';
import { extractShutdownLog } from './shutdownLog';
import { addTextLinks } from './textLinks';
import type { ExtractionResult } from './types';

export type ArtefactKind = ArtefactNameKind;

/**
 * Largest artefact read into memory; a sysdiagnose's real ones stay well below (stackshots, the
 * largest, are a few MB). What reading one may cost beyond its size is bounded in bounds.ts.
 */
export const MAX_ARTEFACT_BYTES = 16 * 1024 * 1024;

/** The artefact kind a file name denotes (by its base name), or null when we do not read it: the rule the console shares (common/gluon/uploadName.ts). */
export function artefactKind(path: string): ArtefactKind | null {
  return artefactNameKind(path);
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/**
 * Runs the extractor for `source`'s kind over its bytes. Never throws: an unreadable artefact
 * (binary, not UTF-8, too large, or an extractor bug) comes back with `error` set, so one bad
 * file does not stop the inspection of the others.
 */
export function extractArtefact(source: string, data: Uint8Array, maxBytes = MAX_ARTEFACT_BYTES): ExtractionResult {
  const failed = (error: string): ExtractionResult => ({
    source,
    observations: [],
    heuristics: [],
    device: {},
    warnings: [],
    error,
  });
  const kind = artefactKind(source);
  if (!kind) return failed('not an artefact we read (shutdown.log, *.ips, ps.txt)');
  if (data.length > maxBytes) return failed(`file is too large (${data.length} bytes, at most ${maxBytes})`);
  if (data.includes(0)) return failed('binary content: not a text file');
  let text: string;
  try {
    text = utf8.decode(data);
  } catch {
    return failed('binary content: not valid UTF-8 text');
  }
  if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
  try {
    const result =
      kind === 'shutdown.log'
        ? extractShutdownLog(text, source)
        : kind === 'ps.txt'
          ? extractPsList(text, source)
          : extractIpsReport(text, source);
    if (!result.error) addTextLinks(result, text);
    return result;
  } catch (err) {
    return failed(`could not be read: ${(err as Error).message}`);
  }
}
