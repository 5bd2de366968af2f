// @vitest-environment node
import path from 'node:path';
import { describe, expect, it } from 'vitest';
// @ts-expect-error plain ESM scripts without type declarations
import { readManifestRoutes, staticClosure } from '../scripts/lib/buildReport.mjs';
// @ts-expect-error plain ESM scripts without type declarations
import { buildExportMap, rewriteImports } from '../scripts/lib/deepImports.mjs';
// @ts-expect-error plain ESM scripts without type declarations
import { stripFontFaces } from '../scripts/lib/esbuildPlugins.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('build helpers', () => {
  it('strips @font-face rules and keeps the rest', () => {
    const css = '@font-face{font-family:blueprint-icons-16;src:url(a.ttf)}.a{color:red}@font-face { src: url(b.woff2) }';
    expect(stripFontFaces(css)).toBe('.a{color:red}');
  });

  it('maps Blueprint barrel names to their defining modules', () => {
    const core = buildExportMap(path.join(root, 'node_modules/@blueprintjs/core/lib/esm/index.js'));
    const icons = buildExportMap(path.join(root, 'node_modules/@blueprintjs/icons/lib/esm/generated/index.js'));
    expect(core.get('Button').file).toMatch(/components\/button\/buttons\.js$/);
    expect(core.get('Classes')).toMatchObject({ namespace: true });
    expect(icons.get('MoonIcon').file).toMatch(/generated\/components\/moon\.js$/);
    const out = rewriteImports("import { Button, type ButtonProps, Classes as C } from '@blueprintjs/core';", new Map([['@blueprintjs/core', core]]));
    expect(out).toMatch(/import \{ Button as Button \} from ".*buttons\.js";/);
    expect(out).toMatch(/import \* as C from ".*classes\.js";/);
    expect(out).toContain("import { type ButtonProps } from '@blueprintjs/core';");
  });

  it('reads routes from plugin manifests, relative and absolute', () => {
    const routes: { plugin: string; path: string; page: string }[] = readManifestRoutes(path.join(root, 'plugins'));
    const gluon = routes.filter((route) => route.plugin === 'gluon').map((route) => route.path);
    expect(gluon).toEqual(['/gluon', '/gluon/upload', '/devices/:deviceId', '/incident-management/:incidentId']);
    expect(routes.find((route) => route.path === '/gluon/upload')?.page).toMatch(/plugins\/gluon\/pages\/UploadPage\.tsx$/);
  });

  it('follows only static imports for the first load', () => {
    const metafile = {
      outputs: {
        'main.js': { imports: [{ path: 'a.js', kind: 'import-statement' }, { path: 'lazy.js', kind: 'dynamic-import' }] },
        'a.js': { imports: [{ path: 'b.js', kind: 'import-statement' }] },
        'b.js': { imports: [] },
        'lazy.js': { imports: [{ path: 'c.js', kind: 'import-statement' }] },
        'c.js': { imports: [] },
      },
    };
    expect(staticClosure(metafile, 'main.js').sort()).toEqual(['a.js', 'b.js', 'main.js']);
  });
});
