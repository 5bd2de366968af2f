import { AxiosInstanceToken } from '@core/http/HttpService';
import { definePlugin } from '@core/plugin/PluginManifest';
import { createFakeAxios, fakeService } from '@core/testing';

import { type ShellApi, ShellApiToken } from './api/ShellApi';
import { shellPlugin } from './index';

const page = (text: string) => async () => ({ default: () => <h1>{text}</h1> });
const PREFIX: Record<string, string> = { gluon: 'gln', neutrino: 'ntr', electron: 'elc', monitoring: 'mnt' };

/** Four products standing in for the real ones (the shell imports none of them). */
export const testProducts = Object.entries(PREFIX).map(([id, prefix], index) =>
  definePlugin({
    id,
    title: id,
    kind: 'product',
    requires: [prefix],
    prefixes: [prefix],
    routes: [{ path: '', page: page(`${id} page`) }],
    product: { name: id[0]!.toUpperCase() + id.slice(1), order: index },
    // Gluon's rule of spec §6, restated with the uploader permission alone.
    profileMenuRules:
      id === 'gluon'
        ? [{ hide: ['contact', 'feature-request'], when: (perms) => perms.includes('gln#upl#rw') }]
        : undefined,
  }),
);

export const profile = { username: 'ada', email: 'ada@example.com', totpEnabled: false };
export const ALL_PRODUCT_PERMS = ['gln#a#r', 'ntr#a#r', 'elc#a#r', 'mnt#a#r'];

/**
 * Options for the harness's renderHost (test files import the harness; this file may not):
 * the shell, the stand-in products, a fake ShellApi with the test's `api` methods (the requests
 * themselves: api/DefaultShellApi.test.ts), and for the console's own calls (the header's
 * logo) an API that has nothing.
 */
export function shellHost(options: { path: string; token: string; api?: Partial<ShellApi> }) {
  const api = fakeService<ShellApi>('ShellApi', {}, options.api);
  const core = createFakeAxios(() => ({ status: 404, data: { message: 'Not found' } }));
  return {
    api,
    options: {
      plugins: [shellPlugin, ...testProducts],
      token: options.token,
      profile,
      path: options.path,
      services: [
        [ShellApiToken, api],
        [AxiosInstanceToken, core.axios],
      ] as const,
    },
  };
}
