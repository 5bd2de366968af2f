import { describe, expect, it } from 'vitest';

import { neverLoadingPage as page, testManifest } from './pluginTestManifests';
import { findManifestProblems, PluginManifestError, validateManifests } from './validateManifests';

describe('validateManifests', () => {
  it('accepts a valid set', () => {
    expect(() =>
      validateManifests([
        testManifest({
          id: 'gluon',
          routes: [
            { path: '', page },
            { path: 'upload', page },
            { path: '/devices/:deviceId', page },
          ],
        }),
        testManifest({ id: 'neutrino', requires: ['ntr'] }),
        testManifest({ id: 'login', kind: 'public', requires: [], routes: [{ path: '/login', page }] }),
      ]),
    ).not.toThrow();
  });

  it('names the plugin with a duplicate id', () => {
    const problems = findManifestProblems([testManifest({ id: 'gluon' }), testManifest({ id: 'gluon', routes: [] })]);
    expect(problems).toEqual(["plugin 'gluon': duplicate plugin id (also plugin #0)"]);
  });

  it('finds routes colliding after relative paths are resolved', () => {
    const problems = findManifestProblems([
      testManifest({ id: 'gluon', routes: [{ path: 'upload', page }] }),
      testManifest({ id: 'uploader', prefixes: [], routes: [{ path: '/gluon/upload', page }] }),
    ]);
    expect(problems).toEqual([
      "plugin 'uploader': route '/gluon/upload' collides with '/gluon/upload' of plugin 'gluon'",
    ]);
  });

  it('finds parameter routes colliding under other parameter names', () => {
    const problems = findManifestProblems([
      testManifest({ id: 'gluon', routes: [{ path: '/devices/:deviceId', page }] }),
      testManifest({ id: 'electron', requires: ['elc'], routes: [{ path: '/devices/:id', page }] }),
    ]);
    expect(problems[0]).toMatch(/plugin 'electron': route '\/devices\/:id' collides/);
  });

  it('rejects unknown permission prefixes and products without prefixes', () => {
    const problems = findManifestProblems([
      testManifest({ id: 'gluon', requires: ['gln', 'xyz'], prefixes: ['gln', 'elc', 'ntr', 'mnt', 'umg'] }),
      testManifest({ id: 'empty', requires: [] }),
    ]);
    expect(problems).toEqual([
      "plugin 'gluon': unknown permission prefix 'xyz' (known: gln, elc, ntr, mnt, umg)",
      "plugin 'empty': a product plugin needs at least one permission prefix in 'requires'",
    ]);
  });

  it.each(['Gluon', 'glu on', '1gluon', '', 'a/b'])('rejects the bad id %j', (id) => {
    expect(findManifestProblems([testManifest({ id })])[0]).toMatch(/id must match/);
  });

  it('rejects a route without a lazy page and header contributions with a bad slot', () => {
    const problems = findManifestProblems([
      testManifest({
        id: 'shell',
        kind: 'shell',
        requires: [],
        routes: [{ path: 'x', page: undefined as never }],
        header: [{ id: 'theme', slot: 'middle' as never, order: 1, component: page as never }],
      }),
    ]);
    expect(problems).toEqual([
      "plugin 'shell': route '/shell/x' needs a lazy page loader (() => import('./pages/X'))",
      "plugin 'shell': header contribution 'theme' has unknown slot 'middle'",
    ]);
  });

  it('throws one error listing every problem', () => {
    expect(() =>
      validateManifests([testManifest({ id: 'a', requires: ['zzz'], prefixes: [] }), testManifest({ id: 'a' })]),
    ).toThrowError(PluginManifestError);
    try {
      validateManifests([testManifest({ id: 'a', requires: ['zzz'], prefixes: [] }), testManifest({ id: 'a' })]);
    } catch (error) {
      expect((error as PluginManifestError).problems).toHaveLength(3);
      expect((error as Error).message).toContain("plugin 'a': unknown permission prefix 'zzz'");
    }
  });

  it('knows the prefixes the manifests declare, and only those', () => {
    const sonar = testManifest({ id: 'sonar', requires: ['snr'] });
    const rules = testManifest({ id: 'rules', requires: ['snr'], prefixes: [] });
    expect(findManifestProblems([sonar, rules])).toEqual([]);
    expect(findManifestProblems([rules])).toEqual([
      "plugin 'rules': unknown permission prefix 'snr' (known: none declared)",
    ]);
  });

  it('names both plugins declaring one prefix, and a malformed prefix', () => {
    const problems = findManifestProblems([
      testManifest({ id: 'gluon', requires: ['gln'] }),
      testManifest({ id: 'copy', requires: ['gln'], prefixes: ['gln', 'Bad#'] }),
    ]);
    expect(problems).toEqual([
      "plugin 'copy': permission prefix 'gln' is already declared by plugin 'gluon'",
      `plugin 'copy': permission prefix 'Bad#' must match ${String(/^[a-z][a-z0-9]{1,15}$/)}`,
    ]);
  });

  it('checks landings and their sign-in claims', () => {
    const problems = findManifestProblems([
      testManifest({
        id: 'gluon',
        landing: {
          root: 'missing',
          rank: 1,
          signInClaims: [
            { target: '//evil', when: () => true },
            { target: '/\\evil', when: () => true },
          ],
        },
      }),
      testManifest({
        id: 'login',
        kind: 'public',
        requires: [],
        routes: [{ path: '/login', page }],
        landing: { rank: 1 },
      }),
    ]);
    expect(problems).toEqual([
      "plugin 'gluon': landing root '/gluon/missing' is not one of its routes",
      "plugin 'gluon': sign-in claim target '//evil' must be a route path",
      "plugin 'gluon': sign-in claim target '/\\evil' must be a route path",
      "plugin 'login': only a product plugin has a landing",
    ]);
  });
});
