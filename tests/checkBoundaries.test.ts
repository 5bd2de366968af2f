import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

// A namespace import keeps the directive on the one line a long named import would wrap across.
// @ts-expect-error plain ESM script without type declarations
import * as boundaries from '../scripts/check-boundaries.mjs';

const { checkBoundaries, findCredentialUsages, formatBoundaryReport, parseImports } = boundaries;

type Result = {
  violations: { file: string; line: number; specifier?: string; usage?: string; problem: string }[];
  cycles: string[][];
  files: number;
};

let root: string;
function tree(files: Record<string, string>): string {
  root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}
afterEach(() => rmSync(root, { recursive: true, force: true }));

const clean = {
  'core/a/A.ts': "import { b } from '../b/B';\nexport const a = b;",
  'core/b/B.ts': "import type { A } from '@core/a/A';\nexport const b = 1;",
  'plugins/one/index.ts': "import { a } from '@core/a/A';\nexport const one = { page: () => import('./pages/P') };",
  'plugins/one/pages/P.tsx':
    "import { useState } from 'react';\nimport { a } from '../../../core/a/A';\nexport default a;",
  'plugins/one/one.test.tsx': "import { renderHost } from '../../tests/harness/renderHost';",
  'host/main.tsx': "import { one } from '../plugins/one';\nimport { a } from '@core/a/A';",
  'tests/harness/renderHost.tsx': 'export const renderHost = 1;',
};

describe('check-boundaries', () => {
  it('passes a tree that follows the rules (type-only back edges are not cycles)', () => {
    const result: Result = checkBoundaries(tree(clean));
    expect(result.violations).toEqual([]);
    expect(result.cycles).toEqual([]);
    expect(result.files).toBe(6);
  });

  it('names the file and the import of every violation', () => {
    const result: Result = checkBoundaries(
      tree({
        ...clean,
        'core/c/C.ts': "import { one } from '../../plugins/one';\nexport const c = one;",
        'plugins/two/index.ts':
          "// import { x } from '../one/pages/P' (a comment, not an import)\nimport { one } from '../one';\nimport { h } from '../../host/main';",
        'host/deep.ts': "import P from '../plugins/one/pages/P';",
        'plugins/one/pages/Q.ts': "import { renderHost } from '../../../tests/harness/renderHost';",
      }),
    );
    const lines = result.violations.map((v) => `${v.file}:${v.line} ${v.specifier} :: ${v.problem}`);
    expect(lines).toEqual([
      'core/c/C.ts:1 ../../plugins/one :: core must not import plugins/ (plugins/one/index.ts)',
      "host/deep.ts:1 ../plugins/one/pages/P :: host may import only a plugin's index.ts manifest (plugins/one/pages/P.tsx)",
      'plugins/one/pages/Q.ts:1 ../../../tests/harness/renderHost :: imports the test harness tests/harness/renderHost.tsx from non-test code',
      "plugins/two/index.ts:2 ../one :: plugin 'two' imports another plugin (plugins/one/index.ts)",
      "plugins/two/index.ts:3 ../../host/main :: plugin 'two' may import only core/ and its own folder (host/main.tsx)",
    ]);
  });

  it('finds and prints an import cycle', () => {
    const result: Result = checkBoundaries(
      tree({
        ...clean,
        'core/x/X.ts': "import { y } from '../y/Y';\nexport const x = 1;",
        'core/y/Y.ts': "export { z } from '@core/z/Z';\nexport const y = 1;",
        'core/z/Z.ts': "import '../x/X';\nexport const z = 1;",
      }),
    );
    expect(result.cycles).toEqual([['core/x/X.ts', 'core/y/Y.ts', 'core/z/Z.ts', 'core/x/X.ts']]);
    expect(formatBoundaryReport(result)).toContain(
      'import cycle: core/x/X.ts -> core/y/Y.ts -> core/z/Z.ts -> core/x/X.ts',
    );
  });

  it('parses every import form', () => {
    const specs = parseImports(`
      import a from 'a';
      import type { B } from "b";
      import {
        c1,
        c2 as c3,
      } from './c';
      export * from './d';
      export type { E } from './e';
      import './f.css';
      const g = () => import('./g');
      /* import h from 'h'; */
    `).map((i: { specifier: string; typeOnly: boolean }) => `${i.specifier}${i.typeOnly ? ' (type)' : ''}`);
    expect(specs.sort()).toEqual(['./c', './d', './e (type)', './f.css', './g', 'a', 'b (type)'].sort());
  });

  it('tells the form of each import', () => {
    const forms = parseImports(`
      import a from 'a';
      import b, { b2 } from 'b';
      import * as c from 'c';
      import { d } from 'd';
      import type { E } from 'e';
      export { f } from 'f';
      export * from 'g';
      export * as h from 'h';
      import 'i.css';
      const j = () => import('j');
      const k = require('k');
    `).map((i: { specifier: string; form: string }) => `${i.specifier} ${i.form}`);
    expect(forms.sort()).toEqual(
      [
        'a default',
        'b default',
        'c namespace',
        'd named',
        'e named',
        'f re-export',
        'g export-all',
        'h export-all',
        'i.css side-effect',
        'j dynamic',
        'k require',
      ].sort(),
    );
  });

  it('flags every form of importing Blueprint the build cannot rewrite into deep imports', () => {
    const result: Result = checkBoundaries(
      tree({
        ...clean,
        'plugins/one/forms/Default.tsx': "import Core from '@blueprintjs/core';",
        'plugins/one/forms/Mixed.tsx': "import Core, { Button } from '@blueprintjs/core';",
        'plugins/one/forms/Namespace.tsx': "import * as Blueprint from '@blueprintjs/core';",
        'plugins/one/forms/SideEffect.ts': "import '@blueprintjs/icons';",
        'core/forms/ReExport.ts': "export { Button } from '@blueprintjs/core';",
        'core/forms/ExportAll.ts': "export * from '@blueprintjs/icons';",
        'host/forms/Dynamic.ts': "export const load = () => import('@blueprintjs/core');",
        // What the build rewrites or erases, and the package's own subpaths, may stay.
        'plugins/one/forms/Fine.tsx': [
          "import { Button, type Intent } from '@blueprintjs/core';",
          "import type { IconName } from '@blueprintjs/icons';",
          "import type * as Types from '@blueprintjs/core';",
          "export type { Intent } from '@blueprintjs/core';",
          "import '@blueprintjs/core/lib/css/blueprint.css';",
        ].join('\n'),
      }),
    );
    const lines = result.violations.map((v) => `${v.file}:${v.line} ${v.problem.split(':')[0]}`);
    expect(lines).toEqual([
      'core/forms/ExportAll.ts:1 export-all import of @blueprintjs/icons',
      'core/forms/ReExport.ts:1 re-export import of @blueprintjs/core',
      'host/forms/Dynamic.ts:1 dynamic import of @blueprintjs/core',
      'plugins/one/forms/Default.tsx:1 default import of @blueprintjs/core',
      'plugins/one/forms/Mixed.tsx:1 default import of @blueprintjs/core',
      'plugins/one/forms/Namespace.tsx:1 namespace import of @blueprintjs/core',
      'plugins/one/forms/SideEffect.ts:1 side-effect import of @blueprintjs/icons',
    ]);
  });

  it('flags every credential usage outside the session: token storage keys and the access cookie', () => {
    const result: Result = checkBoundaries(
      tree({
        ...clean,
        'plugins/one/flows/signIn.ts': [
          "import { StorageKeys } from '@core/storage/StorageService';",
          '// StorageKeys.token in a comment is not a usage',
          'export function signIn(storage, token) {',
          '  storage.set(StorageKeys.token, token);',
          "  storage.setAccessCookie(token); localStorage.getItem('zo-remember-2fa');",
          "  return storage.getRememberToken('ann') ?? document.cookie;",
          '}',
        ].join('\n'),
        'host/boot.ts': 'export const t = localStorage.getItem(`zo-token`);',
        'core/http/Auth.ts':
          "import { StorageKeys } from '../storage/StorageService';\nexport const k = StorageKeys.recoveryToken;",
        // The owners, and tests setting up fixtures, may.
        'core/session/Session.ts':
          "import { StorageKeys } from '../storage/StorageService';\nexport const k = [StorageKeys.token, 'zo-profile'];",
        'core/storage/Storage.ts': 'export const cookie = () => document.cookie;',
        'plugins/one/one.test.tsx':
          "import { renderHost } from '../../tests/harness/renderHost';\nlocalStorage.setItem('zo-token', 'x');",
        // Other keys are not credentials.
        'plugins/one/flows/env.ts': "export const k = (s) => s.set(StorageKeys.envType, 'saas') ?? 'access_token';",
      }),
    );
    const lines = formatBoundaryReport(result).split('\n');
    expect(lines).toEqual([
      'core/http/Auth.ts:2: uses StorageKeys.recoveryToken: only the session touches credentials (ask SessionService: adopt, authorization, rememberedDevice…)',
      "host/boot.ts:1: uses 'zo-token': only the session touches credentials (ask SessionService: adopt, authorization, rememberedDevice…)",
      'plugins/one/flows/signIn.ts:4: uses StorageKeys.token: only the session touches credentials (ask SessionService: adopt, authorization, rememberedDevice…)',
      "plugins/one/flows/signIn.ts:5: uses 'zo-remember-2fa': only the session touches credentials (ask SessionService: adopt, authorization, rememberedDevice…)",
      'plugins/one/flows/signIn.ts:5: uses setAccessCookie: only the session touches credentials (ask SessionService: adopt, authorization, rememberedDevice…)',
      'plugins/one/flows/signIn.ts:6: uses getRememberToken: only the session touches credentials (ask SessionService: adopt, authorization, rememberedDevice…)',
      'plugins/one/flows/signIn.ts:6: uses document.cookie: only the session touches credentials (ask SessionService: adopt, authorization, rememberedDevice…)',
      'Boundaries: 7 violation(s), 0 cycle(s) in 12 files',
    ]);
  });

  it('finds credential usages by key name, key value and cookie helper', () => {
    const usages = findCredentialUsages(
      "a(StorageKeys . profile); b('zo-recovery-token'); c.ACCESS_TOKEN_COOKIE; /* document.cookie */ d.setRememberToken",
    ).map((u: { usage: string }) => u.usage);
    expect(usages.sort()).toEqual(
      ['ACCESS_TOKEN_COOKIE', 'StorageKeys.profile', "'zo-recovery-token'", 'setRememberToken'].sort(),
    );
  });

  it('keeps the session from importing http (http asks the session, never the reverse)', () => {
    const result: Result = checkBoundaries(
      tree({
        ...clean,
        'core/http/Http.ts': "import type { S } from '../session/Session';\nexport const http = 1;",
        'core/session/Session.ts': "import type { Http } from '@core/http/Http';\nexport const s = 1;",
      }),
    );
    expect(result.violations.map((v) => `${v.file}:${v.line} ${v.specifier} :: ${v.problem}`)).toEqual([
      'core/session/Session.ts:1 @core/http/Http :: core/session must not import core/http: the HTTP service asks the session for credentials, never the reverse (core/http/Http.ts)',
    ]);
  });

  it('lets a server module import another only through its public.ts and only when its definition declares it', () => {
    const modules = {
      'server/modules/gluon/index.ts':
        "export const gluonModule = defineModule({ id: 'gluon', dependsOn: ['inspection'] });",
      'server/modules/gluon/public.ts': "export { run } from './services/run';",
      'server/modules/gluon/services/run.ts':
        "import { match } from '../../inspection/public';\nexport const run = match;",
      'server/modules/inspection/index.ts':
        "export const inspectionModule = defineModule({ id: 'inspection', dependsOn: [] });",
      'server/modules/inspection/public.ts': "export { match } from './matcher';",
      'server/modules/inspection/matcher.ts': 'export const match = 1;',
      'server/modules/neutrino/index.ts':
        "export const neutrinoModule = defineModule({ id: 'neutrino', dependsOn: ['gluon'] });",
      'server/modules/neutrino/setup.test.ts': "import { match } from '../inspection/public';",
    };
    expect((checkBoundaries(tree({ ...clean, ...modules })) as Result).violations).toEqual([]);
    const result: Result = checkBoundaries(
      tree({
        ...clean,
        ...modules,
        'server/modules/neutrino/sweep.ts':
          "import { match } from '../inspection/matcher';\nimport { run } from '../gluon/public';\nimport { m } from '../inspection/public';",
        'server/modules/neutrino/internals.test.ts': "import { run } from '../gluon/services/run';",
      }),
    );
    expect(result.violations.map((v) => `${v.file}:${v.line} ${v.specifier} :: ${v.problem}`)).toEqual([
      "server/modules/neutrino/internals.test.ts:1 ../gluon/services/run :: module 'neutrino' may import module 'gluon' only through server/modules/gluon/public.ts (server/modules/gluon/services/run.ts)",
      "server/modules/neutrino/sweep.ts:1 ../inspection/matcher :: module 'neutrino' may import module 'inspection' only through server/modules/inspection/public.ts (server/modules/inspection/matcher.ts)",
      "server/modules/neutrino/sweep.ts:3 ../inspection/public :: module 'neutrino' imports module 'inspection' without declaring it in dependsOn (server/modules/neutrino/index.ts)",
    ]);
  });
});
