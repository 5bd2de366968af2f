import 'reflect-metadata';

import { container as rootContainer } from 'tsyringe';
import { describe, expect, it, vi } from 'vitest';

import { FakePermissionsService, FakeSessionService } from '../../tests/harness/fakeSession';
import { makeTestToken } from '../../tests/harness/tokens';
import { PermissionsServiceToken } from '../permissions/PermissionsService';
import { SessionServiceToken } from '../session/SessionService';
import { type PluginRegistry, PluginRegistryToken } from './PluginRegistry';
import { neverLoadingPage, testManifest } from './pluginTestManifests';
import { registerPluginRegistry } from './registerPluginRegistry';
import { RuntimePluginRegistryToken } from './RuntimePluginRegistry';

function setup(token: string | null) {
  const container = rootContainer.createChildContainer();
  const session = new FakeSessionService(token);
  container.register(SessionServiceToken, { useValue: session });
  container.register(PermissionsServiceToken, { useValue: new FakePermissionsService(session) });
  const loaders = { electron: vi.fn(neverLoadingPage), neutrino: vi.fn(neverLoadingPage) };
  registerPluginRegistry(container, [
    testManifest({ id: 'login', kind: 'public', requires: [], routes: [{ path: '/login', page: neverLoadingPage }] }),
    testManifest({ id: 'shell', kind: 'shell', requires: [], routes: [] }),
    testManifest({ id: 'electron', requires: ['elc'], routes: [{ path: '', page: loaders.electron }] }),
    testManifest({ id: 'neutrino', requires: ['ntr'], routes: [{ path: '', page: loaders.neutrino }] }),
  ]);
  const registry = container.resolve<PluginRegistry>(PluginRegistryToken);
  const runtime = container.resolve(RuntimePluginRegistryToken);
  const seen: string[][] = [];
  registry.registered$.subscribe((snapshot) => seen.push(snapshot.plugins.map((p) => p.id)));
  return { registry, runtime, session, seen, loaders };
}

describe('DefaultPluginRegistry', () => {
  it('registers only public plugins when signed out', () => {
    const { registry } = setup(null);
    expect(registry.registered().plugins.map((p) => p.id)).toEqual(['login']);
    expect(registry.known).toHaveLength(4);
  });

  it('re-evaluates on sign-in, refresh and logout', () => {
    const { registry, session, seen } = setup(null);
    session.setToken(makeTestToken(['elc#dev#r']));
    expect(registry.isRegistered('electron')).toBe(true);
    expect(registry.isRegistered('neutrino')).toBe(false);
    session.setToken(makeTestToken(['elc#dev#r', 'ntr#dev#r'])); // a refresh that adds a module
    expect(registry.isRegistered('neutrino')).toBe(true);
    session.setToken(null); // logout
    expect(seen).toEqual([
      ['login'],
      ['login', 'shell', 'electron'],
      ['login', 'shell', 'electron', 'neutrino'],
      ['login'],
    ]);
  });

  it('does not emit again when a refresh keeps the same plugins', () => {
    const { session, seen } = setup(makeTestToken(['elc#dev#r']));
    session.setToken(makeTestToken(['elc#dev#r', 'elc#cfg#rw']));
    expect(seen).toHaveLength(1);
  });

  it('never calls a page loader itself', () => {
    const { session, loaders } = setup(makeTestToken(['elc#a#r', 'ntr#a#r']));
    session.setToken(null);
    expect(loaders.electron).not.toHaveBeenCalled();
    expect(loaders.neutrino).not.toHaveBeenCalled();
  });

  it('fails at construction on invalid manifests, naming the plugin', () => {
    const container = rootContainer.createChildContainer();
    const session = new FakeSessionService(null);
    container.register(SessionServiceToken, { useValue: session });
    container.register(PermissionsServiceToken, { useValue: new FakePermissionsService(session) });
    expect(() => registerPluginRegistry(container, [testManifest({ id: 'x' }), testManifest({ id: 'x' })])).toThrow(
      /plugin 'x': duplicate plugin id/,
    );
  });

  it('exposes header and profile menu contributions sorted by order', () => {
    const container = rootContainer.createChildContainer();
    const session = new FakeSessionService(makeTestToken(['tst#a#r']));
    container.register(SessionServiceToken, { useValue: session });
    container.register(PermissionsServiceToken, { useValue: new FakePermissionsService(session) });
    const c = neverLoadingPage as never;
    registerPluginRegistry(container, [
      testManifest({
        id: 'shell',
        kind: 'shell',
        requires: [],
        routes: [],
        header: [
          { id: 'profile', slot: 'end', order: 20, component: c },
          { id: 'theme', slot: 'end', order: 10, component: c },
        ],
        profileMenu: [{ id: 'logout', order: 100, label: 'Logout', component: c }],
      }),
      testManifest({
        id: 'gluon',
        header: [{ id: 'search', slot: 'center', order: 1, component: c }],
        profileMenu: [{ id: 'contact', order: 10, label: 'Contact', component: c }],
      }),
    ]);
    const snapshot = container.resolve<PluginRegistry>(PluginRegistryToken).registered();
    expect(snapshot.header.end.map((h) => h.id)).toEqual(['theme', 'profile']);
    expect(snapshot.header.center.map((h) => `${h.pluginId}:${h.id}`)).toEqual(['gluon:search']);
    expect(snapshot.profileMenu.map((h) => h.id)).toEqual(['contact', 'logout']);
  });
});

describe('DefaultPluginRegistry at run time', () => {
  const plugin = (id: string, requires = ['hel']) =>
    testManifest({ id, requires, routes: [{ path: '', page: neverLoadingPage }] });

  it('registers an added plugin the token permits, and forgets it when removed', () => {
    const { registry, runtime, session, seen } = setup(makeTestToken(['elc#dev#r', 'hel#page#r']));
    runtime.add(plugin('hello'));
    expect(registry.isRegistered('hello')).toBe(true);
    expect(registry.get('hello')?.id).toBe('hello');
    expect(registry.registered().routes.map((route) => route.path)).toContain('/hello');
    runtime.remove('hello');
    expect(registry.isRegistered('hello')).toBe(false);
    expect(registry.get('hello')).toBeUndefined();
    session.setToken(makeTestToken(['elc#dev#r']));
    expect(seen).toEqual([
      ['login', 'shell', 'electron'],
      ['login', 'shell', 'electron', 'hello'],
      ['login', 'shell', 'electron'],
    ]);
  });

  it('knows but does not register an added plugin the token does not permit', () => {
    const { registry, runtime } = setup(makeTestToken(['elc#dev#r']));
    runtime.add(plugin('hello'));
    expect(registry.known.map((plugin) => plugin.id)).toContain('hello');
    expect(registry.isRegistered('hello')).toBe(false);
  });

  it('replaces a plugin added again under the same id (an upgrade) with a new snapshot', () => {
    const { registry, runtime, seen } = setup(makeTestToken(['hel#page#r']));
    const first = plugin('hello');
    const second = plugin('hello');
    runtime.add(first);
    runtime.add(first);
    runtime.add(second);
    expect(registry.get('hello')).toBe(second);
    expect(registry.known.filter((plugin) => plugin.id === 'hello')).toHaveLength(1);
    expect(seen).toHaveLength(3);
  });

  it('never replaces nor removes a built-in plugin', () => {
    const { registry, runtime } = setup(makeTestToken(['elc#dev#r']));
    expect(() => runtime.add(plugin('electron', ['hel']))).toThrow(/built in/);
    runtime.remove('electron');
    expect(registry.isRegistered('electron')).toBe(true);
  });

  it('reports whether runtime plugins are being fetched', () => {
    const { runtime } = setup(null);
    const states: boolean[] = [];
    runtime.pending$.subscribe((pending) => states.push(pending));
    runtime.setPending(true);
    runtime.setPending(true);
    runtime.setPending(false);
    expect(states).toEqual([false, true, false]);
  });
});
