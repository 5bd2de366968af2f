// @vitest-environment node
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/** The signed-in first load of /gluon, JavaScript, brotli. */
const SIGNED_IN_JS_BUDGET = 150 * 1024;

/**
 * Chunks a signed-in /gluon page fetches besides its route's own first load (entry + page chunk
 * with their static imports, `routes[]` of build-report.json): the top bar and products header,
 * the shell's header contributions and its services, the zone table the date formatter waits
 * for, and the SVG sanitiser a tenant's SVG logo pulls in. Worst case on purpose: a user of every product whose
 * tenant has an SVG logo.
 */
const SIGNED_IN_ENTRY_POINTS = [
  'host/layout/TopBar.tsx',
  'host/layout/ProductsHeader.tsx',
  'plugins/shell/header/ProfileMenu.tsx',
  'plugins/shell/header/ThemeToggle.tsx',
  'plugins/shell/header/PageTitle.tsx',
  // The shell's own client, which its header pieces render with (manifest `services`).
  'plugins/shell/services/shellServices.ts',
  'core/locale/timeZones.ts',
  'core/ui/ServerSvg/ServerSvg.tsx',
  'core/ui/ServerSvg/sanitizeSvg.ts',
];

interface Report {
  routes: { path: string; js: { files: string[]; brotli: number } }[];
  chunks: { file: string; entryPoint: string | null; brotli: number }[];
}
interface Metafile {
  outputs: Record<string, { entryPoint?: string; imports?: { path: string; kind: string; external?: boolean }[] }>;
}

const root = path.resolve(import.meta.dirname, '..');
let outdir: string;
let ownBuild = false;
let report: Report;
let metafile: Metafile;

// Same build as tests/bundleBudget.test.ts: dist/ of `npm test` (CONSOLE_BUILD_DIR), else a temporary one.
beforeAll(async () => {
  const reuse = process.env.CONSOLE_BUILD_DIR;
  if (reuse && existsSync(path.join(reuse, 'build-report.json'))) outdir = reuse;
  else {
    outdir = mkdtempSync(path.join(tmpdir(), 'console-build-'));
    ownBuild = true;
    // @ts-expect-error plain ESM build script without type declarations
    const { buildConsole } = await import('../build.mjs');
    await buildConsole({ entry: 'host/main.tsx', outdir, pluginsDir: 'plugins', quiet: true, title: 'Console' });
  }
  report = JSON.parse(readFileSync(path.join(outdir, 'build-report.json'), 'utf8'));
  metafile = JSON.parse(readFileSync(path.join(outdir, 'metafile.json'), 'utf8'));
}, 180_000);
afterAll(() => {
  if (ownBuild) rmSync(outdir, { recursive: true, force: true });
});

/** An output file and everything it imports statically (what the browser fetches with it). */
function closure(file: string, into: Set<string>): void {
  if (into.has(file)) return;
  into.add(file);
  for (const imp of metafile.outputs[file]?.imports ?? []) {
    if (imp.kind === 'import-statement' && !imp.external) closure(imp.path, into);
  }
}

const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;

describe('signed-in bundle budget', () => {
  it('keeps the signed-in first load of /gluon within 150 KiB of JavaScript, brotli', () => {
    const gluon = report.routes.find((route) => route.path === '/gluon');
    expect(gluon, 'no plugin declares /gluon').toBeDefined();
    const outDirRel = path.relative(root, outdir).split(path.sep).join('/');
    // build-report.json names files by their base name.
    const toReport = (output: string) => path.basename(output);
    const outputs = new Set<string>();
    for (const entryPoint of SIGNED_IN_ENTRY_POINTS) {
      const output = Object.entries(metafile.outputs).find(
        ([file, info]) => info.entryPoint === entryPoint && file.endsWith('.js'),
      )?.[0];
      expect(output, `${entryPoint} is no longer a lazy chunk of its own (outputs under ${outDirRel})`).toBeDefined();
      closure(output!, outputs);
    }
    const files = new Set([...gluon!.js.files, ...[...outputs].map(toReport)]);
    const size = new Map(report.chunks.map((chunk) => [chunk.file, chunk.brotli]));
    // The reflect shim is a classic script the route entry counts but the chunk list does not.
    const extra = [...files].filter((file) => !size.has(file) && !gluon!.js.files.includes(file));
    expect(extra, 'chunks missing from build-report.json').toEqual([]);
    const routeOnly = gluon!.js.brotli;
    const added = [...files]
      .filter((file) => !gluon!.js.files.includes(file))
      .reduce((sum, file) => sum + size.get(file)!, 0);
    const total = routeOnly + added;
    const breakdown = [...files]
      .map((file) => `  ${file}: ${size.has(file) ? kib(size.get(file)!) : 'classic script'}`)
      .join('\n');
    if (process.env.BUDGET_DETAIL) console.info(breakdown);
    console.info(
      `/gluon signed-in first load: JS ${kib(total)} brotli (route ${kib(routeOnly)} + shell ${kib(added)}) in ${files.size} files`,
    );
    expect(total, `/gluon signed-in JS ${kib(total)} > 150 KiB:\n${breakdown}`).toBeLessThanOrEqual(
      SIGNED_IN_JS_BUDGET,
    );
  });

  it("keeps the shell's pieces out of the public first load", () => {
    const login = report.routes.find((route) => route.path === '/login')!;
    const lazyOnly = report.chunks.filter(
      (chunk) =>
        chunk.entryPoint && /^(plugins\/shell\/|core\/ui\/ServerSvg\/|host\/layout\/TopBar)/.test(chunk.entryPoint),
    );
    expect(lazyOnly.length).toBeGreaterThanOrEqual(4);
    for (const chunk of lazyOnly)
      expect(login.js.files, `${chunk.entryPoint} is in the /login first load`).not.toContain(chunk.file);
  });
});
