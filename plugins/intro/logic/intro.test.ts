import { describe, expect, it } from 'vitest';

import { introGuard, welcomeGuard } from './introGuard';
import { parseIntroQuery, resolveIntroTarget } from './resolveIntroTarget';

describe('intro guard', () => {
  it.each([
    [{ signedIn: false, search: 'token=abc' }, true],
    [{ signedIn: true, search: 'token=abc&product=neutrino' }, true],
    [{ signedIn: true, search: '' }, '/gluon'],
    [{ signedIn: false, search: '' }, '/login'],
    [{ signedIn: false, search: 'token=' }, '/login'],
  ])('%j -> %j', (context, expected) => {
    expect(introGuard(context)).toBe(expected);
  });
  it('welcome redirects to / keeping the query', () => {
    expect(welcomeGuard({ search: '' })).toBe('/');
    expect(welcomeGuard({ search: 'token=t' })).toBe('/?token=t');
  });
});

describe('resolveIntroTarget', () => {
  it.each([
    ['token=t', '/gluon'],
    ['token=t&product=neutrino', '/neutrino'],
    ['token=t&product=Electron', '/electron'],
    ['token=t&product=gluon&deviceId=d%2F1', '/devices/d%2F1'],
    ['token=t&deviceId=d1', '/devices/d1'],
    ['token=t&incidentId=i7', '/incident-management/i7'],
    ['token=t&product=neutrino&deviceId=d1', '/neutrino'],
    ['token=t&product=https://evil', '/gluon'],
  ])('%s -> %s', (search, expected) => {
    expect(resolveIntroTarget(parseIntroQuery(search))).toBe(expected);
  });
});
