// @vitest-environment node
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

// @ts-expect-error plain ESM script without type declarations
import { pluginLayoutProblems, serverModuleProblems } from '../scripts/lib/pluginLayout.mjs';

/** The folder convention of docs/conventions.md, held on the repository (and, in newPlugin.test.ts, the scaffold). */
const root = path.resolve(import.meta.dirname, '..');
const scratch = mkdtempSync(path.join(tmpdir(), 'plugin-layout-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

function tree(name: string, files: Record<string, string>): string {
  const dir = path.join(scratch, name);
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe('plugin and server module layout', () => {
  it('every plugin has a manifest, one PascalCase folder per component and only pages in pages/', () => {
    expect(pluginLayoutProblems(root)).toEqual([]);
  });

  it('every server module is a defineModule, has public.ts when another imports it, schemas.ts next to routes/', () => {
    expect(serverModuleProblems(root)).toEqual([]);
  });

  it('names each way a plugin can leave the convention', () => {
    const dir = tree('plugins', {
      'plugins/sonar/pages/SonarPage.tsx': '',
      'plugins/sonar/pages/lazySteps.ts': '',
      'plugins/sonar/components/Loose.tsx': '',
      'plugins/sonar/components/helpers.ts': '',
      'plugins/sonar/components/scanList/scanList.tsx': '',
      'plugins/sonar/components/ScanTable/Other.tsx': '',
      'plugins/sonar/components/Pictures/index.ts': '',
      'plugins/sonar/components/ScanRow/ScanRow.tsx': '',
      'plugins/radar/pages/RadarPage.tsx': '',
    });
    expect(pluginLayoutProblems(dir)).toEqual([
      'plugins/radar: no index.ts (the manifest)',
      'plugins/sonar: no index.ts (the manifest)',
      'plugins/sonar/components/Loose.tsx: loose file; a component is a folder components/<Name>/<Name>.tsx',
      'plugins/sonar/components/ScanTable: no ScanTable.tsx (or index.ts for a family of components) in it',
      'plugins/sonar/components/helpers.ts: loose file; a component is a folder components/<Name>/<Name>.tsx',
      'plugins/sonar/components/scanList: component folders are named in PascalCase',
      'plugins/sonar/pages/lazySteps.ts: pages/ holds <Name>Page.tsx, tests and styles only',
    ]);
  });

  it('names each way a server module can leave the convention', () => {
    const dir = tree('server', {
      'server/modules/sonar/index.ts': "export const sonarModule = defineModule({ id: 'sonar' });",
      'server/modules/sonar/routes/scanRoutes.ts': '',
      'server/modules/radar/index.ts': 'export const radarModule = {};',
      'server/modules/radar/services/sweep.ts': "import { scan } from '../../sonar/services/scan';",
    });
    expect(serverModuleProblems(dir)).toEqual([
      'server/modules/radar: index.ts must export defineModule({...})',
      'server/modules/sonar: imported by radar but has no public.ts',
      'server/modules/sonar: routes/ without schemas.ts (the named schemas of its routes)',
    ]);
  });
});
