import { describe, expect, it } from 'vitest';

import { testManifest } from './pluginTestManifests';
import { resolveRoutePath, resolveRoutes, routeCollisionKey } from './resolveRoutes';

describe('resolveRoutePath', () => {
  it.each([
    ['gluon', '', '/gluon'],
    ['gluon', 'upload', '/gluon/upload'],
    ['gluon', 'upload/', '/gluon/upload'],
    ['gluon', '/devices/:deviceId', '/devices/:deviceId'],
    ['intro', '/', '/'],
  ])('%s + %j -> %s', (id, path, expected) => {
    expect(resolveRoutePath(id, path)).toBe(expected);
  });
});

describe('resolveRoutes', () => {
  it('gives public routes the bare layout and others the full one unless they say otherwise', () => {
    const login = testManifest({
      id: 'login',
      kind: 'public',
      requires: [],
      routes: [{ path: '/login', page: async () => ({ default: () => null }) }],
    });
    const gluon = testManifest({
      id: 'gluon',
      routes: [
        { path: '', page: async () => ({ default: () => null }) },
        { path: 'upload', layout: 'bare', page: async () => ({ default: () => null }) },
      ],
    });
    expect(resolveRoutes(login).map((r) => [r.path, r.layout])).toEqual([['/login', 'bare']]);
    expect(resolveRoutes(gluon).map((r) => [r.path, r.layout, r.pluginId])).toEqual([
      ['/gluon', 'full', 'gluon'],
      ['/gluon/upload', 'bare', 'gluon'],
    ]);
  });
});

describe('routeCollisionKey', () => {
  it('ignores parameter names and case', () => {
    expect(routeCollisionKey('/devices/:id')).toBe(routeCollisionKey('/Devices/:deviceId'));
    expect(routeCollisionKey('/devices/:id')).not.toBe(routeCollisionKey('/devices/list'));
  });
});
