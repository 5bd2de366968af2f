import { describe, expect, it } from 'vitest';

import { landingFor, signInTarget, suiteProductEnabled } from '@core/plugin/landing';
import { validateManifests } from '@core/plugin/validateManifests';

import { adminPlugin } from '../../plugins/admin';
import { callbackPlugin } from '../../plugins/callback';
import { electronPlugin } from '../../plugins/electron';
import { globalrulesrepositoryPlugin } from '../../plugins/globalrulesrepository';
import { gluonPlugin } from '../../plugins/gluon';
import { introPlugin } from '../../plugins/intro';
import { loginPlugin } from '../../plugins/login';
import { mfaSetupPlugin } from '../../plugins/mfa-setup';
import { monitoringPlugin } from '../../plugins/monitoring';
import { neutrinoPlugin } from '../../plugins/neutrino';
import { shellPlugin } from '../../plugins/shell';

// This console's manifests, as host/main.tsx registers them: the rules of spec §2 and §4 come
// from their prefixes, landings and sign-in claims.
const known = [
  introPlugin,
  loginPlugin,
  callbackPlugin,
  shellPlugin,
  mfaSetupPlugin,
  gluonPlugin,
  neutrinoPlugin,
  electronPlugin,
  adminPlugin,
  monitoringPlugin,
  globalrulesrepositoryPlugin,
];

const gluonFull = ['gln#rpt#rw', 'gln#cre#r', 'gln#pre#r'];
const gluonSaas = ['gln#rpt#rw'];
const uploader = ['gln#upl#rw'];
const basicUploader = ['gln#suv#r', 'gln#sdv#r', 'gln#pdv#r'];
const multi = ['gln#rpt#rw', 'gln#cre#r', 'ntr#dev#r', 'umg#usr#rw'];

it("this console's manifests are valid", () => {
  expect(() => validateManifests(known)).not.toThrow();
});

// Ported from the login plugin's resolvePostLoginRedirect: same inputs, same targets.
describe('PluginRegistry.signInTarget over the console manifests (spec §4)', () => {
  it.each([
    ['uploader', uploader, null, '/gluon/devices/1', '/gluon/upload'],
    ['basic uploader', basicUploader, 'saas', '/neutrino', '/gluon/upload'],
    ['SaaS-only gluon user in a SaaS environment', [...gluonSaas, 'ntr#dev#r'], 'saas', '/neutrino', '/gluon'],
    ['gluon-only user', gluonFull, null, '/neutrino', '/gluon'],
    ['neutrino-only user', ['ntr#dev#r', 'umg#usr#rw'], null, '/gluon', '/neutrino'],
    ['electron-only user', ['elc#app#r'], null, null, '/electron'],
    ['multi-product user with a return URL', multi, null, '/neutrino/devices?x=1', '/neutrino/devices?x=1'],
    ['multi-product user without a return URL', multi, null, null, '/gluon'],
    [
      'SaaS variant outside a SaaS environment stays on the return URL',
      [...gluonSaas, 'ntr#dev#r'],
      'onprem',
      '/neutrino',
      '/neutrino',
    ],
    ['absolute return URL', multi, null, 'https://evil.example/', '/gluon'],
    ['protocol-relative return URL', multi, null, '//evil.example', '/gluon'],
    ['javascript: return URL', multi, null, 'javascript:alert(1)', '/gluon'],
    ['backslash return URL', multi, null, '/\\evil.example', '/gluon'],
    ['encoded protocol-relative return URL', multi, null, '/%2F%2Fevil.example', '/gluon'],
    ['no product at all', ['umg#usr#rw'], null, '/admin', '/admin'],
  ])('%s', (_name, perms, envType, returnUrl, expected) => {
    expect(signInTarget(known, { perms, envType, returnUrl })).toBe(expected);
  });

  it.each([
    ['monitoring-only user', ['mnt#cfg#rw'], '/monitoring'],
    ['administration-only user', ['umg#usr#rw'], '/admin'],
    ['monitoring and administration', ['umg#usr#rw', 'mnt#cfg#rw'], '/monitoring'],
  ])('%s without a safe return URL lands on their product', (_name, perms, expected) => {
    expect(signInTarget(known, { perms, envType: null, returnUrl: '//evil.example' })).toBe(expected);
  });
});

describe("PluginRegistry.landing over the console manifests ('' of spec §2)", () => {
  it.each<[string, string[], string | null]>([
    ['gluon user', ['gln#rpt#r'], '/gluon'],
    ['neutrino user (spec: a token goes to /gluon, which offers the upgrade)', ['ntr#a#r'], '/gluon'],
    ['monitoring-only user', ['mnt#x#r'], '/monitoring'],
    ['administration-only user', ['umg#usr#r'], '/admin'],
    ['no product', ['zzz#x#r'], null],
  ])('%s', (_name, perms, expected) => {
    expect(landingFor(known, perms)).toBe(expected);
  });
});

// Ported from core/permissions' isModuleEnabled: "any permission starting gln#, elc# or ntr#"
// is now "a suite product permits the user", from the manifests' `landing.suite`.
describe('module enabled (spec §6) over the console manifests', () => {
  it.each<[string, string[], boolean]>([
    ['gln', ['gln#fl#r'], true],
    ['elc', ['elc#dev#r'], true],
    ['ntr', ['ntr#x#rw'], true],
    ['mnt only', ['mnt#cfg#rw'], false],
    ['umg only', ['umg#usr#rw'], false],
    ['nothing', [], false],
  ])('%s -> %s', (_label, perms, expected) => {
    expect(suiteProductEnabled(known, perms)).toBe(expected);
  });
});
