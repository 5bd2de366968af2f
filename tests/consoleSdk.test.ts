// @vitest-environment node
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import * as esbuild from 'esbuild';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { SHARED_MODULES } from '@common/runtimePlugins/sharedModules';

const root = path.resolve(import.meta.dirname, '..');
let outdir: string;
let index: { imports: Record<string, string>; integrity: Record<string, string> };

beforeAll(async () => {
  const cache = path.join(root, 'node_modules', '.cache');
  mkdirSync(cache, { recursive: true });
  outdir = mkdtempSync(path.join(cache, 'console-sdk-'));
  // @ts-expect-error plain ESM build helper without type declarations
  const { writeConsoleSdk } = await import('../scripts/lib/consoleSdk.mjs');
  await writeConsoleSdk({ esbuild, root, outdir });
  index = JSON.parse(readFileSync(path.join(outdir, 'console-sdk', 'index.json'), 'utf8'));
}, 120_000);
afterAll(() => rmSync(outdir, { recursive: true, force: true }));

const fileOf = (url: string) => path.join(outdir, url.replace(/^\//, ''));

describe('console-sdk shims (build.mjs)', () => {
  it('maps every shared name to a shim whose sha384 integrity matches its bytes', () => {
    expect(Object.keys(index.imports).sort()).toEqual([...SHARED_MODULES].sort());
    for (const url of Object.values(index.imports)) {
      expect(url).toMatch(/^\/console-sdk\/[a-z-]+\.js$/);
      const digest = createHash('sha384')
        .update(readFileSync(fileOf(url)))
        .digest('base64');
      expect(index.integrity[url]).toBe(`sha384-${digest}`);
    }
  });

  it("re-exports the host's instance, named exports enumerated at build time", async () => {
    const source = readFileSync(fileOf(index.imports.react!), 'utf8');
    expect(source).toContain('globalThis[Symbol.for(\'console.shared\')]("react")');
    expect(source).toMatch(/export const \{[^}]*\buseState\b[^}]*\} = m;/);
    expect(readFileSync(fileOf(index.imports['@console/plugin-sdk']!), 'utf8')).toMatch(/\buseService\b/);
    expect(readFileSync(fileOf(index.imports.rxjs!), 'utf8')).toMatch(/\bBehaviorSubject\b/);

    const host = { useState: () => 'the host one', default: { name: 'host React' } };
    const asked: string[] = [];
    (globalThis as Record<symbol, unknown>)[Symbol.for('console.shared')] = async (name: string) => {
      asked.push(name);
      return host;
    };
    try {
      const shim = (await import(pathToFileURL(fileOf(index.imports.react!)).href)) as typeof host;
      expect(asked).toEqual(['react']);
      expect(shim.useState).toBe(host.useState);
      expect(shim.default).toBe(host.default);
    } finally {
      delete (globalThis as Record<symbol, unknown>)[Symbol.for('console.shared')];
    }
  });
});
