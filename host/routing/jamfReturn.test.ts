import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';

import { resolveProductReturnPath } from '@common/navigation/safeReturnPath';
import { buildSnapshot } from '@core/plugin/buildSnapshot';

import { gluonPlugin } from '../../plugins/gluon';
import { loginPlugin } from '../../plugins/login';
import { decideRoute } from './decideRoute';

const known = [loginPlugin, gluonPlugin];
// The callback plugin's vendor-IdP rule (plugins/callback/logic/resolveJamfReturnPath.ts) is this,
// with gluon's root; the host may import plugin manifests only.
const resolveJamfReturnPath = (raw: string | null) => resolveProductReturnPath(raw, '/gluon');
const perms = ['gln#rpt#r'];

/** Where the host sends a signed-in gluon reader for `path`. */
function landsOn(path: string): string {
  const snapshot = buildSnapshot(known, { signedIn: true, perms });
  const decision = decideRoute({
    path,
    search: '',
    signedIn: true,
    perms,
    snapshot,
    known,
    parser: (route, loose) => parse(route, loose),
  });
  if (decision.kind === 'redirect') return `-> ${decision.to}`;
  if (decision.kind === 'page') return `page ${decision.route.pluginId} ${JSON.stringify(decision.params)}`;
  return decision.kind;
}

describe('a vendor-IdP sign-in comes back to the page it left (spec §4 return rule, §2 routes)', () => {
  it.each([
    ['/devices/2', '/gluon/devices/2', 'page gluon {"deviceId":"2"}'],
    ['/incident-management/7', '/gluon/incident-management/7', 'page gluon {"incidentId":"7"}'],
    ['/gluon/upload', '/gluon/upload', 'page gluon {}'],
    [null, '/gluon', 'page gluon {}'],
  ])('%s -> %s opens the page', (returnPath, resolved, page) => {
    expect(resolveJamfReturnPath(returnPath)).toBe(resolved);
    expect(landsOn(resolved)).toBe(page);
  });
});
