import { describe, expect, it } from 'vitest';
import { resolvePostLoginRedirect } from './resolvePostLoginRedirect';

const gluonFull = ['gln#rpt#rw', 'gln#cre#r', 'gln#pre#r'];
const gluonSaas = ['gln#rpt#rw'];
const uploader = ['gln#upl#rw'];
const basicUploader = ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'];
const multi = ['gln#rpt#rw', 'gln#cre#r', 'ntr#dev#r', 'umg#usr#rw'];

describe('resolvePostLoginRedirect (spec §4)', () => {
  it.each([
    ['uploader', uploader, null, '/gluon/devices/1', '/gluon/upload'],
    ['basic uploader', basicUploader, 'saas', '/neutrino', '/gluon/upload'],
    ['SaaS-only gluon user in a SaaS environment', [...gluonSaas, 'ntr#dev#r'], 'saas', '/neutrino', '/gluon'],
    ['gluon-only user', gluonFull, null, '/neutrino', '/gluon'],
    ['neutrino-only user', ['ntr#dev#r', 'umg#usr#rw'], null, '/gluon', '/neutrino'],
    ['electron-only user', ['elc#app#r'], null, null, '/electron'],
    ['multi-product user with a return URL', multi, null, '/neutrino/devices?x=1', '/neutrino/devices?x=1'],
    ['multi-product user without a return URL', multi, null, null, '/gluon'],
    ['SaaS variant outside a SaaS environment stays on the return URL', [...gluonSaas, 'ntr#dev#r'], 'onprem', '/neutrino', '/neutrino'],
    ['absolute return URL', multi, null, 'https://evil.example/', '/gluon'],
    ['protocol-relative return URL', multi, null, '//evil.example', '/gluon'],
    ['javascript: return URL', multi, null, 'javascript:alert(1)', '/gluon'],
    ['backslash return URL', multi, null, '/\\evil.example', '/gluon'],
    ['encoded protocol-relative return URL', multi, null, '/%2F%2Fevil.example', '/gluon'],
    ['no product at all', ['umg#usr#rw'], null, '/admin', '/admin'],
  ])('%s', (_name, perms, envType, returnUrl, expected) => {
    expect(resolvePostLoginRedirect({ perms, envType, returnUrl })).toBe(expected);
  });
});
