import { describe, expect, it } from 'vitest';

import { isApiPath } from '../plugins/securityHeaders';
import { createTestApp } from '../test/testApp';
import { apiPrefixes, defineModule, type ModuleDefinition, orderModules } from './defineModule';
import { apiModules } from './index';

const mod = (id: string, dependsOn: string[] = []): ModuleDefinition =>
  defineModule({ id, title: id, description: id, prefixes: [], dependsOn });

describe('module definitions', () => {
  it('orders modules after their dependencies', () => {
    expect(orderModules([mod('a', ['b']), mod('b', ['c']), mod('c')]).map((m) => m.id)).toEqual(['c', 'b', 'a']);
  });

  it('fails on an unregistered dependency, a cycle or a module listed twice', () => {
    expect(() => orderModules([mod('a', ['ghost'])])).toThrow("module 'a' depends on 'ghost', which is not registered");
    expect(() => orderModules([mod('a', ['b']), mod('b', ['a'])])).toThrow('module dependency cycle: a -> b -> a');
    expect(() => orderModules([mod('a'), mod('a')])).toThrow("module 'a' is listed twice");
  });

  it('refuses a prefix that does not start and end with a slash', () => {
    expect(() =>
      defineModule({ id: 'x', title: 'x', description: 'x', prefixes: ['/x-backend'], dependsOn: [] }),
    ).toThrow("prefix '/x-backend'");
  });

  it("the API's modules declare a consistent graph, each id its folder's", () => {
    expect(() => orderModules(apiModules)).not.toThrow();
    expect(apiModules.map((m) => m.id)).toContain('inspection');
  });

  it('every declared prefix is an API path (no-store, JSON 404), the two gluon-owned backends and monitoring included', () => {
    const prefixes = apiPrefixes(apiModules);
    expect(prefixes).toEqual(
      expect.arrayContaining([
        '/um/',
        '/gluon-backend/',
        '/globalrulesrepository-backend/',
        '/monitoring-backend/',
        '/neutrino-backend/',
        '/electron-backend/',
        '/dev/',
      ]),
    );
    for (const prefix of prefixes) expect(isApiPath(`${prefix}anything?x=1`), prefix).toBe(true);
    expect(isApiPath('/monitoring')).toBe(false);
  });

  it("tags every documented route with its module's title, and lists those tags with the modules' descriptions", async () => {
    const { app } = await createTestApp();
    try {
      const doc = (await app.inject({ url: '/openapi.json' })).json<{
        tags: { name: string; description: string }[];
        paths: Record<string, Record<string, { tags?: string[] }>>;
      }>();
      const titles = apiModules.filter((m) => m.routes).map((m) => m.title);
      expect(doc.tags.map((t) => t.name)).toEqual(titles);
      expect(doc.paths['/monitoring-backend/alerts']?.get?.tags).toEqual(['monitoring']);
      expect(doc.paths['/um/login']?.post?.tags).toEqual(['auth']);
      for (const [url, operations] of Object.entries(doc.paths)) {
        for (const [method, operation] of Object.entries(operations))
          expect(titles, `${method} ${url}`).toEqual(expect.arrayContaining(operation.tags ?? ['untagged']));
      }
    } finally {
      await app.close();
    }
  });
});
