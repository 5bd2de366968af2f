// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { queueLabel } from '../plugins/admin/logic/queueLabel';

const ROOT = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.ts$/.test(name) && !/\.test\.ts$/.test(name) ? [file] : [];
  });
}

/**
 * Administration → Jobs names each queue in words; a queue a module adds without a label shows
 * its code (`electron.inspect`). The server's queue names are read from its sources: a constant
 * `…_QUEUE = 'm.work'`, a `queue: 'm.work'` or a `schedule('m.work'`.
 */
describe('every job queue the server declares has a name in words', () => {
  it('finds the queues and labels each one', () => {
    const queues = new Set<string>();
    for (const file of sources(path.join(ROOT, 'server')))
      for (const m of readFileSync(file, 'utf8').matchAll(/(?:_QUEUE = |queue: |schedule\()'([a-z]+\.[a-z-]+)'/g))
        queues.add(m[1]!);
    // The scan itself works: the queues every deployment runs are among them.
    expect([...queues]).toEqual(expect.arrayContaining(['gluon.inspect', 'monitoring.delivery', 'electron.inspect']));
    const unlabelled = [...queues].filter((q) => queueLabel(q) === q);
    expect(unlabelled).toEqual([]);
  });
});
