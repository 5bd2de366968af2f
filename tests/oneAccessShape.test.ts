// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

interface Source {
  /** Relative to the repository root, with forward slashes. */
  file: string;
  text: string;
}

function sources(dir: string): Source[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return name === 'node_modules' ? [] : sources(full);
    if (!/\.tsx?$/.test(name)) return [];
    return [{ file: path.relative(ROOT, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

/**
 * What may this user do here has one shape in the console: a plugin declares its rules record
 * once (checks from common/<product>/access.ts) and its pages, components and hooks ask
 * `useAccess(rules)` (core/permissions/useAccess.ts). So no plugin code but its services reads the
 * permissions service itself, and no plugin grows an access service of its own again. Tests may
 * fake the permissions service (`[PermissionsServiceToken, fake]`).
 */
function offences(files: readonly Source[]): string[] {
  return files.flatMap(({ file, text }) => {
    const found: string[] = [];
    if (/AccessService/.test(path.posix.basename(file))) found.push(`${file}: an access service (use useAccess)`);
    const isTest = /\.test\.tsx?$/.test(file);
    const isService = file.split('/').includes('services');
    if (!isTest && !isService && /\bPermissionsServiceToken\b/.test(text)) {
      found.push(`${file}: reads PermissionsServiceToken (use useAccess, or usePermissionList for the list itself)`);
    }
    return found;
  });
}

describe('one shape for what the user may do', () => {
  it('names both kinds of offence, and lets services and tests be', () => {
    const token = "import { PermissionsServiceToken } from '@core/permissions/PermissionsService';";
    expect(
      offences([
        { file: 'plugins/sonar/pages/SonarPage.tsx', text: token },
        { file: 'plugins/sonar/services/SonarAccessService.ts', text: '' },
        { file: 'plugins/sonar/services/sonarServices.ts', text: token },
        { file: 'plugins/sonar/sonar.test.tsx', text: token },
        { file: 'plugins/sonar/pages/ScanPage.tsx', text: 'useAccess(sonarAccess)' },
      ]),
    ).toEqual([
      'plugins/sonar/pages/SonarPage.tsx: reads PermissionsServiceToken (use useAccess, or usePermissionList for the list itself)',
      'plugins/sonar/services/SonarAccessService.ts: an access service (use useAccess)',
    ]);
  });

  it('no plugin page, component or hook reads PermissionsServiceToken, and no plugin has an access service', () => {
    expect(offences(sources(path.join(ROOT, 'plugins')))).toEqual([]);
  });

  it('the host asks core/permissions as the plugins do (usePermissionList for the route guards)', () => {
    expect(offences(sources(path.join(ROOT, 'host')))).toEqual([]);
  });
});
