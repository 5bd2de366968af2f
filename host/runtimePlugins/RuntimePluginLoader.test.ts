import 'reflect-metadata';

import { waitFor } from '@testing-library/react';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it } from 'vitest';

import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import { type PluginRegistry, PluginRegistryToken } from '@core/plugin/PluginRegistry';
import { testManifest } from '@core/plugin/pluginTestManifests';
import { registerPluginRegistry } from '@core/plugin/registerPluginRegistry';
import { RuntimePluginRegistryToken } from '@core/plugin/RuntimePluginRegistry';
import { SessionServiceToken } from '@core/session/SessionService';

import { FakePermissionsService, FakeSessionService } from '../../tests/harness/fakeSession';
import { makeTestToken } from '../../tests/harness/tokens';
import { RuntimePluginLoader } from './RuntimePluginLoader';
import { SHARED_MODULES_KEY } from './sharedModules';
import { FakeRuntimePluginsApi, runtimeEntry, SHIM_IMPORTS } from './testing/fakeRuntimePluginsApi';

const hello = runtimeEntry({ id: 'hello', styles: ['hello-BBBB.css'] });

function setup(plugins = [hello], token: string | null = makeTestToken(['gln#dev#r', 'hel#page#r'])) {
  const container = rootContainer.createChildContainer();
  const session = new FakeSessionService(token);
  container.register(SessionServiceToken, { useValue: session });
  container.register(PermissionsServiceToken, { useValue: new FakePermissionsService(session) });
  registerPluginRegistry(container, [testManifest({ id: 'gluon', requires: ['gln'] })]);
  const registry = container.resolve<PluginRegistry>(PluginRegistryToken);
  const api = new FakeRuntimePluginsApi(plugins);
  const navigation = new MemoryNavigationService('/gluon');
  const imported: string[] = [];
  const loader = new RuntimePluginLoader({
    registry: container.resolve(RuntimePluginRegistryToken),
    api,
    session,
    navigation,
    importModule: async (url) => {
      imported.push(url);
      return {};
    },
  });
  stops.push(loader.start());
  const ids = () => registry.registered().plugins.map((plugin) => plugin.id);
  return { registry, api, session, navigation, loader, ids, imported };
}

/** A loader whose every call to the API fails with `failure`: what it reported, and the pending flag's values. */
function setupFailing(failure: Error) {
  const container = rootContainer.createChildContainer();
  const session = new FakeSessionService(makeTestToken(['hel#page#r']));
  container.register(SessionServiceToken, { useValue: session });
  container.register(PermissionsServiceToken, { useValue: new FakePermissionsService(session) });
  registerPluginRegistry(container, [testManifest({ id: 'gluon', requires: ['gln'] })]);
  const runtime = container.resolve(RuntimePluginRegistryToken);
  const api = new FakeRuntimePluginsApi([hello]);
  api.fail(failure);
  const errors: unknown[] = [];
  const pending: boolean[] = [];
  runtime.pending$.subscribe((value) => pending.push(value));
  stops.push(
    new RuntimePluginLoader({
      registry: runtime,
      api,
      session,
      navigation: new MemoryNavigationService('/hello'),
      onError: (error) => errors.push(error),
    }).start(),
  );
  return { errors, pending, registry: container.resolve<PluginRegistry>(PluginRegistryToken) };
}

const stops: (() => void)[] = [];
afterEach(() => {
  for (const stop of stops.splice(0)) stop();
  for (const node of document.head.querySelectorAll('script[type="importmap"], link[data-runtime-plugin]'))
    node.remove();
});

const importMaps = () =>
  [...document.head.querySelectorAll<HTMLScriptElement>('script[type="importmap"]')].map((script) => ({
    nonce: script.nonce,
    map: JSON.parse(script.textContent ?? '{}') as { imports: object; integrity: Record<string, string> },
  }));

describe('RuntimePluginLoader', () => {
  it('registers the plugins of the answer after sign-in, without importing their code yet', async () => {
    const { ids, api, imported, loader } = setup();
    await waitFor(() => expect(ids()).toContain('hello'));
    expect(api.calls).toEqual([null]);
    expect(loader.versions()).toEqual({ hello: '1.0.0' });
    expect(imported).toEqual([]);
    expect(document.head.querySelector('link[data-runtime-plugin="hello"]')?.getAttribute('href')).toBe(
      hello.styleUrls[0],
    );
  });

  it('shares the host modules with the shims', async () => {
    setup();
    const lookup = (globalThis as unknown as Record<symbol, (name: string) => Promise<unknown>>)[SHARED_MODULES_KEY];
    expect(typeof lookup).toBe('function');
    const [shared, own] = await Promise.all([lookup!('react'), import('react')]);
    expect((shared as { useState: unknown }).useState).toBe(own.useState);
    await expect(lookup!('left-pad')).rejects.toThrow("the console shares no module 'left-pad'");
  });

  it('writes an import map with the nonce of the document, then only what is new', async () => {
    const script = document.createElement('script');
    script.nonce = 'n0nce';
    document.head.appendChild(script);
    try {
      const { ids, api, navigation } = setup();
      await waitFor(() => expect(ids()).toContain('hello'));
      expect(importMaps()).toHaveLength(1);
      expect(importMaps()[0]!.nonce).toBe('n0nce');
      expect(importMaps()[0]!.map.imports).toEqual(SHIM_IMPORTS);
      expect(importMaps()[0]!.map.integrity[hello.entryUrl]).toBeDefined();

      // A new grant for the same plugin (the next hour's), and a second plugin.
      const regranted = runtimeEntry({ id: 'hello', styles: ['hello-BBBB.css'] }, 'g2');
      const other = runtimeEntry({ id: 'other', prefixes: ['oth'], requires: ['hel'] }, 'g2');
      api.set([regranted, other]);
      navigation.navigate('/gluon/devices');
      await waitFor(() => expect(ids()).toContain('other'));
      const second = importMaps()[1]!.map;
      expect(second.imports).toEqual({});
      expect(Object.keys(second.integrity).sort()).toEqual(
        [regranted.entryUrl, ...regranted.styleUrls, other.entryUrl].sort(),
      );
    } finally {
      script.remove();
    }
  });

  it('asks again on every navigation and token refresh, with the last ETag (a 304 changes nothing)', async () => {
    const { ids, api, navigation, session, registry } = setup();
    await waitFor(() => expect(api.calls).toHaveLength(1));
    await waitFor(() => expect(ids()).toContain('hello'));
    const snapshot = registry.registered();
    navigation.navigate('/gluon/upload');
    await waitFor(() => expect(api.calls).toEqual([null, '"r1"']));
    session.setToken(makeTestToken(['gln#dev#r', 'hel#page#r', 'gln#cfg#r']));
    await waitFor(() => expect(api.calls).toEqual([null, '"r1"', '"r1"']));
    expect(registry.registered()).toBe(snapshot);
  });

  it('removes a plugin the answer no longer lists: routes, header and styles go', async () => {
    const withHeader = runtimeEntry({
      id: 'hello',
      styles: ['hello-BBBB.css'],
      header: [{ id: 'wave', slot: 'end', order: 5, component: 'Wave' }],
    });
    const { ids, api, navigation, registry } = setup([withHeader]);
    await waitFor(() => expect(registry.registered().header.end.map((item) => item.id)).toEqual(['wave']));
    api.set([]);
    navigation.navigate('/gluon/upload');
    await waitFor(() => expect(ids()).not.toContain('hello'));
    expect(registry.registered().header.end).toEqual([]);
    expect(registry.registered().routes.map((route) => route.path)).not.toContain('/hello');
    expect(registry.get('hello')).toBeUndefined();
    expect(document.head.querySelector('link[data-runtime-plugin]')).toBeNull();
  });

  it('replaces a plugin whose version changed', async () => {
    const { api, navigation, registry, loader } = setup();
    await waitFor(() => expect(loader.versions()).toEqual({ hello: '1.0.0' }));
    const before = registry.get('hello');
    api.set([runtimeEntry({ id: 'hello', version: '1.1.0', title: 'Hello again' })]);
    navigation.navigate('/gluon/upload');
    await waitFor(() => expect(loader.versions()).toEqual({ hello: '1.1.0' }));
    expect(registry.get('hello')).not.toBe(before);
    expect(registry.get('hello')?.title).toBe('Hello again');
  });

  it('forgets every runtime plugin on sign-out, and asks afresh on the next sign-in', async () => {
    const { ids, api, session } = setup();
    await waitFor(() => expect(ids()).toContain('hello'));
    session.setToken(null);
    expect(ids()).not.toContain('hello');
    session.setToken(makeTestToken(['hel#page#r']));
    await waitFor(() => expect(ids()).toContain('hello'));
    expect(api.calls.at(-1)).toBeNull();
  });

  it('asks nothing while signed out', async () => {
    const { api, navigation } = setup([hello], null);
    navigation.navigate('/login?x=1');
    navigation.navigate('/invite/1');
    await Promise.resolve();
    expect(api.calls).toEqual([]);
  });

  it('keeps the console working when the API fails, and clears the pending flag', async () => {
    const { errors, pending, registry } = setupFailing(new Error('503'));
    await waitFor(() => expect(errors).toHaveLength(1));
    expect(pending).toEqual([false, true, false]);
    expect(registry.isRegistered('hello')).toBe(false);
  });

  it('reports nothing when the session has ended (401): signing out is the session service’s', async () => {
    const { errors, pending } = setupFailing(
      Object.assign(new Error('Request failed with status code 401'), {
        isAxiosError: true,
        response: { status: 401 },
      }),
    );
    await waitFor(() => expect(pending).toEqual([false, true, false]));
    expect(errors).toEqual([]);
  });

  it('skips a runtime plugin that names a built-in plugin', async () => {
    const { ids, loader } = setup([runtimeEntry({ id: 'gluon' }), hello]);
    await waitFor(() => expect(ids()).toContain('hello'));
    expect(loader.versions()).toEqual({ hello: '1.0.0' });
  });
});
