import { BehaviorSubject } from 'rxjs';
import { describe, expect, it } from 'vitest';

import type { TokenClaims } from '../session/SessionService';
import { DefaultLoaderCache } from './DefaultLoaderCache';
import { type CacheKey, startsWithKey } from './LoaderCache';

describe('startsWithKey', () => {
  it.each<[CacheKey, CacheKey, boolean]>([
    [['gluon', 'device', 'd-1', 'files'], ['gluon', 'device', 'd-1'], true],
    [['gluon', 'device', 'd-1'], ['gluon', 'device', 'd-1'], true],
    [['gluon', 'device', 'd-10'], ['gluon', 'device', 'd-1'], false],
    [['gluon', 'uploads', 0], ['gluon', 'uploads', '0'], false],
    [['gluon'], ['gluon', 'devices'], false],
    [['rules', 'ruleSets'], [], true],
  ])('%j under %j: %s', (key, prefix, expected) => {
    expect(startsWithKey(key, prefix)).toBe(expected);
  });
});

describe('DefaultLoaderCache', () => {
  it('keeps the last answer per key; invalidate drops a whole branch and says which', () => {
    const cache = new DefaultLoaderCache();
    const invalidated: CacheKey[] = [];
    cache.invalidated$.subscribe((prefix) => invalidated.push(prefix));
    cache.write(['gluon', 'device', 'd-1', 'detail'], 'detail');
    cache.write(['gluon', 'device', 'd-1', 'files'], 'files');
    cache.write(['gluon', 'device', 'd-10', 'detail'], 'other device');
    cache.write(['gluon', 'devices', '', 0], 'list');
    cache.write(['gluon', 'devices', '', 0], 'list, again');
    expect(cache.read(['gluon', 'devices', '', 0])).toBe('list, again');

    cache.invalidate(['gluon', 'device', 'd-1']);
    expect(invalidated).toEqual([['gluon', 'device', 'd-1']]);
    expect(cache.read(['gluon', 'device', 'd-1', 'detail'])).toBeUndefined();
    expect(cache.read(['gluon', 'device', 'd-1', 'files'])).toBeUndefined();
    expect(cache.read(['gluon', 'device', 'd-10', 'detail'])).toBe('other device');
    expect(cache.read(['gluon', 'devices', '', 0])).toBe('list, again');
  });

  it('forgets the oldest answers beyond its size', () => {
    const cache = new DefaultLoaderCache();
    for (let page = 0; page <= 200; page++) cache.write(['list', page], page);
    expect(cache.read(['list', 0])).toBeUndefined();
    expect(cache.read(['list', 1])).toBe(1);
    expect(cache.read(['list', 200])).toBe(200);
  });

  it('is cleared when another user, tenant or session signs in, or nobody is signed in; a refresh of the same session keeps it', () => {
    const claims$ = new BehaviorSubject<TokenClaims | null>({
      perms: ['gln#rpt#r'],
      tenant: 'acme',
      sub: 'u-1',
      sid: 's-1',
    });
    const cache = new DefaultLoaderCache(claims$);
    cache.write(['k'], 'kept');
    claims$.next({ perms: ['gln#rpt#r', 'gln#cre#r'], tenant: 'acme', sub: 'u-1', sid: 's-1', exp: 2 });
    expect(cache.read(['k'])).toBe('kept');
    claims$.next({ perms: ['gln#rpt#r'], tenant: 'acme', sub: 'u-2', sid: 's-2' });
    expect(cache.read(['k'])).toBeUndefined();
    cache.write(['k'], 'second user');
    claims$.next(null);
    expect(cache.read(['k'])).toBeUndefined();
    cache.dispose();
    cache.write(['k'], 'after dispose');
    claims$.next({ perms: [], tenant: 'other', sub: 'u-3', sid: 's-3' });
    expect(cache.read(['k'])).toBe('after dispose');
  });
});
