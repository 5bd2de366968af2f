import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';

import { buildSnapshot } from '@core/plugin/buildSnapshot';
import { definePlugin, type PluginManifest } from '@core/plugin/PluginManifest';

import { decideRoute } from './decideRoute';

const page = async () => ({ default: () => null });
const login = definePlugin({ id: 'login', title: 'Login', kind: 'public', requires: [], routes: [{ path: '', page }] });
// Two suite products, gluon the suite's home (its landing has the best rank), as in this console.
const gluon = definePlugin({
  id: 'gluon',
  title: 'Gluon',
  kind: 'product',
  prefixes: ['gln'],
  requires: ['gln'],
  routes: [
    { path: '', page },
    { path: '/devices/list', page },
    { path: '/devices/:id', page },
  ],
  product: { name: 'Gluon', order: 1 },
  landing: { rank: 1, suite: true },
});
const neutrino = definePlugin({
  id: 'neutrino',
  title: 'Neutrino',
  kind: 'product',
  prefixes: ['ntr'],
  requires: ['ntr'],
  routes: [{ path: '', page }],
  product: { name: 'Neutrino', order: 2 },
  landing: { rank: 2, suite: true },
});
const monitoring = definePlugin({
  id: 'monitoring',
  title: 'Monitoring',
  kind: 'product',
  prefixes: ['mnt'],
  requires: ['mnt'],
  routes: [{ path: '', page }],
  landing: { rank: 3 },
});
const unlanded = definePlugin({
  id: 'unlanded',
  title: 'Unlanded',
  kind: 'product',
  prefixes: ['unl'],
  requires: ['unl'],
  routes: [{ path: '', page }],
});
const known: PluginManifest[] = [login, gluon, neutrino, monitoring, unlanded];

// wouter's default parser (regexparam), as the host's <Router> uses.
const parser = (route: string, loose?: boolean) => parse(route, loose);

function decide(path: string, perms: string[] | null) {
  const signedIn = perms !== null;
  const snapshot = buildSnapshot(known, { signedIn, perms: perms ?? [] });
  const decision = decideRoute({ path, search: '', signedIn, perms: perms ?? [], snapshot, known, parser });
  if (decision.kind === 'redirect') return `-> ${decision.to}${decision.unknown ? ' (unknown)' : ''}`;
  if (decision.kind === 'page')
    return `page ${decision.route.pluginId} ${decision.route.path} ${JSON.stringify(decision.params)}`;
  if (decision.kind === 'upgrade') return `upgrade ${decision.product.id}`;
  return decision.kind;
}

describe('decideRoute', () => {
  it.each([
    ['/', null, '-> /login'],
    ['/', ['gln#a#r'], '-> /gluon'],
    ['/', ['ntr#a#r'], '-> /gluon'],
    ['/login', null, 'page login /login {}'],
    ['/gluon', ['gln#a#r'], 'page gluon /gluon {}'],
    ['/devices/list', ['gln#a#r'], 'page gluon /devices/list {}'],
    ['/devices/d1', ['gln#a#r'], 'page gluon /devices/:id {"id":"d1"}'],
    ['/devices/%2Fprivate%2Fvar%2Fhelper%20d', ['gln#a#r'], 'page gluon /devices/:id {"id":"/private/var/helper d"}'],
    ['/devices/50%25', ['gln#a#r'], 'page gluon /devices/:id {"id":"50%"}'],
    ['/devices/%E0%A4%A', ['gln#a#r'], 'page gluon /devices/:id {"id":"%E0%A4%A"}'],
    ['/gluon', null, '-> /login?returnUrl=%2Fgluon'],
    ['/devices/d1', null, '-> /login?returnUrl=%2Fdevices%2Fd1'],
    ['/neutrino/anything', null, '-> /login?returnUrl=%2Fneutrino%2Fanything'],
    ['/gluon', ['ntr#a#r'], '-> /upgrade/gluon'],
    ['/devices/d1', ['ntr#a#r'], '-> /upgrade/gluon'],
    ['/neutrino/anything', ['gln#a#r'], '-> /upgrade/neutrino'],
    ['/upgrade/neutrino', ['gln#a#r'], 'upgrade neutrino'],
    ['/upgrade/neutrino', ['ntr#a#r'], '-> /neutrino'],
    ['/upgrade/neutrino', null, '-> /'],
    ['/upgrade/login', ['gln#a#r'], '-> /'],
    ['/nope', ['gln#a#r'], '-> / (unknown)'],
    ['/nope', null, '-> / (unknown)'],
    ['/', ['mnt#a#r'], '-> /monitoring'],
    ['/', ['mnt#a#r', 'ntr#a#r'], '-> /gluon'],
    ['/', ['unl#a#r'], '-> /unlanded'],
    ['/', ['zzz#a#r'], 'nowhere'],
  ])('%s with %j: %s', (path, perms, expected) => {
    expect(decide(path, perms as string[] | null)).toBe(expected);
  });
});
