// @vitest-environment node
import path from 'node:path';
import * as esbuild from 'esbuild';
import { describe, expect, it } from 'vitest';

// @ts-expect-error plain ESM scripts without type declarations
import { readManifestRoutes, staticClosure } from '../scripts/lib/buildReport.mjs';
// @ts-expect-error plain ESM scripts without type declarations
import { buildExportMap, rewriteImports } from '../scripts/lib/deepImports.mjs';
// @ts-expect-error plain ESM scripts without type declarations
import { axiosWithoutFetchAdapter, blueprintConstantClasses, stripFontFaces } from '../scripts/lib/esbuildPlugins.mjs';
// @ts-expect-error plain ESM scripts without type declarations
import { reactOwnSyncExternalStore } from '../scripts/lib/esbuildPlugins.mjs';
// @ts-expect-error plain ESM scripts without type declarations
import { checkoutPath, exportsOf, groupModuleSource } from '../scripts/lib/firstLoadGroup.mjs';

const root = path.resolve(import.meta.dirname, '..');

describe('build helpers', () => {
  it('strips @font-face rules and keeps the rest', () => {
    const css =
      '@font-face{font-family:blueprint-icons-16;src:url(a.ttf)}.a{color:red}@font-face { src: url(b.woff2) }';
    expect(stripFontFaces(css)).toBe('.a{color:red}');
  });

  it('maps Blueprint barrel names to their defining modules', () => {
    const core = buildExportMap(path.join(root, 'node_modules/@blueprintjs/core/lib/esm/index.js'));
    const icons = buildExportMap(path.join(root, 'node_modules/@blueprintjs/icons/lib/esm/generated/index.js'));
    expect(core.get('Button').file).toMatch(/components\/button\/buttons\.js$/);
    expect(core.get('Classes')).toMatchObject({ namespace: true });
    expect(icons.get('MoonIcon').file).toMatch(/generated\/components\/moon\.js$/);
    const out = rewriteImports(
      "import { Button, type ButtonProps, Classes as C } from '@blueprintjs/core';",
      new Map([['@blueprintjs/core', core]]),
    );
    expect(out).toMatch(/import \{ Button as Button \} from ".*buttons\.js";/);
    expect(out).toMatch(/import \* as C from ".*classes\.js";/);
    expect(out).toContain("import { type ButtonProps } from '@blueprintjs/core';");
    // From a file's folder, relative: the same text whatever folder the checkout is in.
    const fromPlugin = rewriteImports(
      "import { Button } from '@blueprintjs/core';",
      new Map([['@blueprintjs/core', core]]),
      path.join(root, 'plugins/admin/pages'),
    );
    expect(fromPlugin).toBe(
      'import { Button as Button } from "../../../node_modules/@blueprintjs/core/lib/esm/components/button/buttons.js";',
    );
  });

  it('reads routes from plugin manifests, relative and absolute', () => {
    const routes: { plugin: string; path: string; page: string; kind: string; requires: string[]; layout: string }[] =
      readManifestRoutes(path.join(root, 'plugins'));
    const gluon = routes.filter((route) => route.plugin === 'gluon').map((route) => route.path);
    expect(gluon).toEqual([
      '/gluon',
      '/gluon/upload',
      '/gluon/collector-links',
      '/admin/collector-links',
      '/devices/:deviceId',
      '/incident-management/:incidentId',
      '/gluon/devices/:deviceId',
      '/gluon/incident-management/:incidentId',
    ]);
    expect(routes.find((route) => route.path === '/gluon/upload')?.page).toMatch(
      /plugins\/gluon\/pages\/UploadPage\.tsx$/,
    );
    // What the server needs to announce a route's modules: its kind, prefixes and layout.
    expect(routes.find((route) => route.path === '/gluon')).toMatchObject({
      kind: 'product',
      requires: ['gln'],
      layout: 'full',
    });
    expect(routes.find((route) => route.path === '/login')).toMatchObject({
      kind: 'public',
      requires: [],
      layout: 'bare',
    });
  });

  it('follows only static imports for the first load', () => {
    const metafile = {
      outputs: {
        'main.js': {
          imports: [
            { path: 'a.js', kind: 'import-statement' },
            { path: 'lazy.js', kind: 'dynamic-import' },
          ],
        },
        'a.js': { imports: [{ path: 'b.js', kind: 'import-statement' }] },
        'b.js': { imports: [] },
        'lazy.js': { imports: [{ path: 'c.js', kind: 'import-statement' }] },
        'c.js': { imports: [] },
      },
    };
    expect(staticClosure(metafile, 'main.js').sort()).toEqual(['a.js', 'b.js', 'main.js']);
  });

  it('imports every export of a grouped module by name, CommonJS as a namespace', () => {
    const source = groupModuleSource(
      ['/x/esm.js', '/x/cjs.js', '/x/empty.js'],
      new Map<string, string[] | null>([
        ['/x/esm.js', ['a', 'default']],
        ['/x/cjs.js', null],
        ['/x/empty.js', []],
      ]),
    );
    expect(source).toContain('import { "a" as m0_0, "default" as m0_1 } from "/x/esm.js";');
    expect(source).toContain('import * as m1 from "/x/cjs.js";');
    expect(source).not.toContain('empty.js');
    expect(source).toContain('export const __firstLoadGroup0 = [m0_0, m0_1, m1];');
  });

  it('names a package the same whether node_modules is the checkout’s own or a link to another one', () => {
    expect(checkoutPath('../main/node_modules/react/index.js')).toBe('node_modules/react/index.js');
    expect(checkoutPath('../../work/main/node_modules/@blueprintjs/core/lib/esm/index.js')).toBe(
      'node_modules/@blueprintjs/core/lib/esm/index.js',
    );
    expect(checkoutPath('node_modules/rxjs/dist/esm/index.js')).toBe('node_modules/rxjs/dist/esm/index.js');
    expect(checkoutPath('core/http/DefaultHttpService.ts')).toBe('core/http/DefaultHttpService.ts');
  });

  it("lists a module's exports; none for a re-exporting index; default for CommonJS", () => {
    const blueprint = path.join(root, 'node_modules/@blueprintjs/core/lib/esm');
    expect(exportsOf(path.join(blueprint, 'common/refs.js'), esbuild)).toEqual(
      expect.arrayContaining(['mergeRefs', 'setRef']),
    );
    expect(exportsOf(path.join(blueprint, 'common/index.js'), esbuild)).toEqual([]);
    expect(exportsOf(path.join(root, 'node_modules/react/cjs/react.production.js'), esbuild)).toEqual(['default']);
  });

  async function bundle(contents: string, plugins: unknown[]) {
    const result = await esbuild.build({
      stdin: { contents, resolveDir: root },
      bundle: true,
      write: false,
      minify: true,
      format: 'esm',
      platform: 'browser',
      metafile: true,
      plugins: plugins as esbuild.Plugin[],
      logLevel: 'silent',
    });
    return { text: result.outputFiles[0]!.text, inputs: Object.keys(result.metafile.inputs) };
  }

  it('leaves axios\'s fetch adapter out; naming it fails as "not supported by the environment"', async () => {
    const { text, inputs } = await bundle(
      "import axios from 'axios'; export const pick = (a) => axios.getAdapter(a);",
      [axiosWithoutFetchAdapter()],
    );
    expect(inputs.some((input) => input.endsWith('axios/lib/adapters/fetch.js'))).toBe(false);
    expect(inputs.some((input) => input.endsWith('axios/lib/adapters/xhr.js'))).toBe(true);
    const { pick } = await import(`data:text/javascript;base64,${Buffer.from(text).toString('base64')}`);
    expect(() => pick(['fetch'])).toThrow(/adapter fetch is not supported by the environment/);
  });

  it("bundles React's own useSyncExternalStore for wouter, not the shim's copy", async () => {
    const source = "export { useSyncExternalStore } from 'use-sync-external-store/shim/index.js';";
    const shim = await bundle(source, []);
    const own = await bundle(source, [reactOwnSyncExternalStore({ resolveDir: root })]);
    expect(shim.inputs.some((input) => input.includes('use-sync-external-store/cjs/'))).toBe(true);
    expect(own.inputs.some((input) => input.includes('use-sync-external-store/cjs/'))).toBe(false);
    expect(own.inputs.some((input) => input.endsWith('react/index.js'))).toBe(true);
    // The hook is still the one wouter needs: React's, under the same name.
    const react = await import('react');
    // @ts-expect-error the shim ships no type declarations
    const { useSyncExternalStore } = await import('use-sync-external-store/shim/index.js');
    expect(useSyncExternalStore).toBe(react.useSyncExternalStore);
  });

  it('turns Blueprint class-name constants into strings so unused ones are dropped', async () => {
    const source =
      "import * as Classes from '@blueprintjs/core/lib/esm/common/classes.js'; console.log(Classes.BUTTON, Classes.INTENT_PRIMARY);";
    const plain = await bundle(source, []);
    const constant = await bundle(source, [blueprintConstantClasses()]);
    expect(constant.text).toContain('bp6-button');
    expect(constant.text).toContain('bp6-intent-primary');
    expect(constant.text).not.toContain('bp6-dialog');
    expect(constant.text.length).toBeLessThan(plain.text.length / 5);
  });
});
