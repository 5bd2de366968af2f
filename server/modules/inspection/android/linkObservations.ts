import { findLinks } from '../links';
import type { AndroidObservation } from './androidTypes';
import type { ObservationList } from './collect';
import type { LineSink } from './text';

export interface LinkEvidence {
  line?: number;
  jsonPath?: string;
  raw: string;
  timestamp?: string;
  appId?: string;
}

/**
 * Each link in `text` as a `url` observation, and its host beside it as a `domain` (or `ipv4`)
 * observation with the same evidence: a domain indicator then finds the link, a hunt of kind
 * domain finds it too, and the raw record shows the whole link. Shortened links are kept as seen.
 */
export function addLinks(list: ObservationList, text: string, evidence: LinkEvidence): AndroidObservation[] {
  const out: AndroidObservation[] = [];
  for (const link of findLinks(text)) {
    const common = {
      raw: evidence.raw,
      ...(evidence.line !== undefined ? { line: evidence.line } : {}),
      ...(evidence.jsonPath ? { jsonPath: evidence.jsonPath } : {}),
      ...(evidence.timestamp ? { timestamp: evidence.timestamp } : {}),
      ...(evidence.appId ? { appId: evidence.appId } : {}),
    };
    const url = list.add({
      kind: 'url',
      value: link.url,
      ...common,
      ...(link.shortener ? { detail: { shortener: true } } : {}),
    });
    if (url) out.push(url);
    const host = list.add({
      kind: /^\d+\.\d+\.\d+\.\d+$/.test(link.host) ? 'ipv4' : 'domain',
      value: link.host,
      ...common,
    });
    if (host) out.push(host);
  }
  return out;
}

/** Every line of a text artefact (a dumpsys, a dumpstate) looked through for links. */
export class LinkLineSink implements LineSink {
  constructor(private readonly list: ObservationList) {}

  line(text: string, lineNo: number): void {
    addLinks(this.list, text, { line: lineNo, raw: text.trim() });
  }
}
