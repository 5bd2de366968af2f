import { describe, expect, it } from 'vitest';

import { extractArtefact, MAX_ARTEFACT_BYTES } from './artefacts';
import {
  countJsonContainers,
  exceedsJsonContainers,
  forEachLine,
  MAX_JSON_CONTAINERS,
  MAX_OBSERVATIONS_PER_FILE,
  MAX_WARNINGS_PER_FILE,
} from './bounds';

const bytes = (text: string) => new TextEncoder().encode(text);

// Artefacts made to multiply the work of reading them (a few hundred KB of gzip each): what
// comes back is bounded by counts, whatever the input holds.
describe('artefact bounds', () => {
  it('a ps.txt of 8 MB of short malformed lines keeps 100 warnings and counts the rest', () => {
    const result = extractArtefact('ps.txt', bytes(`USER PID COMMAND\n${'x\n'.repeat(4 * 1024 * 1024)}`));
    expect(result.error).toBeUndefined();
    expect(result.warnings).toHaveLength(MAX_WARNINGS_PER_FILE + 2);
    expect(result.warnings.at(-2)).toMatch(/^\d+ more warnings not kept$/);
    expect(result.warnings.at(-1)).toBe('more than 500000 lines: the rest not read');
  });

  it('a ps.txt of a million distinct processes keeps MAX_OBSERVATIONS_PER_FILE of them', () => {
    const rows = Array.from({ length: 100_000 }, (_, i) => `root 0 ${i} 1 /p/${i}`).join('\n');
    const result = extractArtefact('ps.txt', bytes(`USER UID PID PPID COMMAND\n${rows}`));
    expect(result.observations).toHaveLength(MAX_OBSERVATIONS_PER_FILE);
    expect(result.warnings).toEqual([`more than ${MAX_OBSERVATIONS_PER_FILE} distinct processes: the rest not read`]);
  });

  it('a shutdown.log of more distinct clients than the bound keeps the bound', () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `remaining client pid: ${i} (/private/var/tmp/c${i})`).join(
      '\n',
    );
    const result = extractArtefact('shutdown.log', bytes(`${lines}\nSIGTERM: [1700000000]\n`));
    expect(result.observations).toHaveLength(MAX_OBSERVATIONS_PER_FILE);
    expect(result.warnings).toEqual([`more than ${MAX_OBSERVATIONS_PER_FILE} clients: the rest not read`]);
  });

  it('an .ips body of more JSON objects than the bound is refused before it is parsed', () => {
    const header = JSON.stringify({ bug_type: '309', name: 'Bomb', os_version: 'iPhone OS 17.4' });
    const body = `{"usedImages":[${'{},'.repeat(MAX_JSON_CONTAINERS)}{}]}`;
    const result = extractArtefact('Bomb.ips', bytes(`${header}\n${body}`));
    expect(result.error).toBe(`report body has more than ${MAX_JSON_CONTAINERS} JSON objects and arrays: not read`);
    expect(result.observations.map((o) => o.value)).toEqual(['Bomb']);
  });

  it('an .ips whose first line is a huge JSON value is not a header', () => {
    const result = extractArtefact('Deep.ips', bytes(`${'['.repeat(5000)}${']'.repeat(5000)}\n{}`));
    expect(result.error).toBe('not an .ips report: the first line is not a JSON header');
  });

  it('an artefact over MAX_ARTEFACT_BYTES is not read (16 MiB)', () => {
    expect(MAX_ARTEFACT_BYTES).toBe(16 * 1024 * 1024);
    const result = extractArtefact('ps.txt', new Uint8Array(MAX_ARTEFACT_BYTES + 1).fill(120));
    expect(result.error).toBe(`file is too large (${MAX_ARTEFACT_BYTES + 1} bytes, at most ${MAX_ARTEFACT_BYTES})`);
  });

  it('forEachLine reads LF and CRLF lines as split would, and stops at its bound', () => {
    const seen: string[] = [];
    expect(forEachLine('a\r\nb\n\nc\n', (line) => seen.push(line))).toBe(false);
    expect(seen).toEqual('a\r\nb\n\nc\n'.split(/\r?\n/));
    const first: string[] = [];
    expect(forEachLine('1\n2\n3', (line) => first.push(line), 2)).toBe(true);
    expect(first).toEqual(['1', '2']);
    expect(countJsonContainers('{"a":[1,{"b":"{"}]}')).toBe(4);
  });
});

describe('exceedsJsonContainers', () => {
  it('is false for a text no longer than the bound, without reading it, and counts longer ones', () => {
    expect(exceedsJsonContainers('{'.repeat(10), 10)).toBe(false);
    expect(exceedsJsonContainers('{'.repeat(11), 10)).toBe(true);
    expect(exceedsJsonContainers(`${'['.repeat(10)}${' '.repeat(100)}`, 10)).toBe(false);
    expect(exceedsJsonContainers(`"${'x'.repeat(100)}"`, 10)).toBe(false);
  });
});
