import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

import { RESERVED_PERMISSION_PREFIXES, RESERVED_PLUGIN_IDS } from '@common/runtimePlugins/reserved';

import { ALL_PERMISSIONS } from '../../services/users';

/** The built-in console's first path segments: the shared list and the routes of the build served (route-modules.json). */
export function builtInRouteSegments(staticDir: string): Set<string> {
  const segments = new Set(RESERVED_PLUGIN_IDS);
  const table = path.join(staticDir, 'route-modules.json');
  if (existsSync(table)) {
    try {
      for (const route of JSON.parse(readFileSync(table, 'utf8')) as { path?: unknown }[]) {
        if (typeof route.path === 'string') segments.add(route.path.split('/')[1] ?? '');
      }
    } catch {
      // A build without a readable table: the shared list stands.
    }
  }
  return segments;
}

/** The permission prefixes of the built-in products and of the permission catalogue. */
export function builtInPermissionPrefixes(): Set<string> {
  return new Set([...RESERVED_PERMISSION_PREFIXES, ...ALL_PERMISSIONS.map((p) => p.split('#')[0]!)]);
}
