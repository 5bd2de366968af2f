import { parse } from 'regexparam';
import { describe, expect, it } from 'vitest';
import { matchRoute } from 'wouter';

import { adminPaths, adminRoutes } from '@common/admin/paths';
import { collectorPaths, collectorRoutes } from '@common/collector/paths';
import { electronPaths, electronRoutes } from '@common/electron/paths';
import { rulesRepositoryPaths, rulesRepositoryRoutes } from '@common/globalrulesrepository/paths';
import { gluonPaths, gluonRoutes } from '@common/gluon/paths';
import { invitePaths, inviteRoutes } from '@common/invite/paths';
import { monitoringPaths, monitoringRoutes } from '@common/monitoring/paths';
import { neutrinoPaths, neutrinoRoutes } from '@common/neutrino/paths';
import { resetPasswordPaths, resetPasswordRoutes } from '@common/reset-password/paths';
import { unsubscribePaths, unsubscribeRoutes } from '@common/unsubscribe/paths';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import { resolveRoutes } from '@core/plugin/resolveRoutes';

import { adminPlugin } from '../plugins/admin';
import { collectorPlugin } from '../plugins/collector';
import { electronPlugin } from '../plugins/electron';
import { globalrulesrepositoryPlugin } from '../plugins/globalrulesrepository';
import { gluonPlugin } from '../plugins/gluon';
import { invitePlugin } from '../plugins/invite';
import { monitoringPlugin } from '../plugins/monitoring';
import { neutrinoPlugin } from '../plugins/neutrino';
import { resetPasswordPlugin } from '../plugins/reset-password';
import { unsubscribePlugin } from '../plugins/unsubscribe';
import type { TokenService } from '../server/contracts';
import { collectorLinkUrl } from '../server/modules/gluon/collector/collectorLinks';
import { invitationUrl } from '../server/modules/invitations/invitations';
import { alertLink } from '../server/modules/monitoring/services/alertMail';
import { mintQuickLink, mintUnsubscribeLink } from '../server/services/signedLinks';

type Paths = Record<string, (...args: never[]) => string>;

/**
 * Per product: the manifest declares exactly the patterns of its route table, and every address its
 * path functions build (with awkward values: a slash, a space, a question mark) opens one of those
 * routes with the value intact.
 */
const PRODUCTS: { plugin: PluginManifest; routes: Record<string, string>; samples: string[] }[] = [
  {
    plugin: gluonPlugin,
    routes: gluonRoutes,
    samples: [
      gluonPaths.home(),
      gluonPaths.upload(),
      gluonPaths.collectorLinks('sort=name'),
      gluonPaths.adminCollectorLinks(),
      gluonPaths.device('a/b c'),
      gluonPaths.device(7, 'i?1'),
      gluonPaths.incident('x#y'),
    ],
  },
  {
    plugin: neutrinoPlugin,
    routes: neutrinoRoutes,
    samples: [
      neutrinoPaths.home(),
      neutrinoPaths.familyCampaign('fam/1'),
      neutrinoPaths.indicatorCampaign('/private/var/x?y'),
    ],
  },
  {
    plugin: monitoringPlugin,
    routes: monitoringRoutes,
    samples: [
      monitoringPaths.home(),
      monitoringPaths.alerts({ severity: 'high', search: 'a&b' }),
      monitoringPaths.settings({ muteDevice: 'd/1' }),
    ],
  },
  {
    plugin: adminPlugin,
    routes: adminRoutes,
    samples: [
      adminPaths.home(),
      adminPaths.users(),
      adminPaths.invite(),
      adminPaths.user('u/1'),
      adminPaths.sessions(),
      adminPaths.audit(),
      adminPaths.signIn(),
      adminPaths.branding(),
    ],
  },
  {
    plugin: electronPlugin,
    routes: electronRoutes,
    samples: [electronPaths.home(), electronPaths.upload(), electronPaths.mac('m/1')],
  },
  { plugin: globalrulesrepositoryPlugin, routes: rulesRepositoryRoutes, samples: [rulesRepositoryPaths.home()] },
  {
    plugin: invitePlugin,
    routes: inviteRoutes,
    samples: [invitePaths.invitation('t/k'), invitePaths.invitation('tk', 'oktaRedirect=true')],
  },
  { plugin: resetPasswordPlugin, routes: resetPasswordRoutes, samples: [resetPasswordPaths.reset('r/1')] },
  {
    plugin: collectorPlugin,
    routes: collectorRoutes,
    samples: [collectorPaths.link('c/1'), collectorPaths.quick('q&1')],
  },
  { plugin: unsubscribePlugin, routes: unsubscribeRoutes, samples: [unsubscribePaths.page('j&w=t')] },
];

const ALL = PRODUCTS.map((p) => p.plugin);

/** The route (absolute pattern) that opens `address` in `plugins`, and its decoded parameters. */
function routeAt(
  plugins: readonly PluginManifest[],
  address: string,
): { path: string; params: Record<string, string> } | null {
  const pathname = new URL(address, 'http://console.test').pathname;
  for (const plugin of plugins) {
    for (const route of resolveRoutes(plugin)) {
      const [matched, params] = matchRoute(parse, route.path, pathname);
      if (matched)
        return {
          path: route.path,
          params: Object.fromEntries(
            Object.entries(params ?? {})
              .filter(([k]) => !/^\d+$/.test(k))
              .map(([k, v]) => [k, decodeURIComponent(String(v))]),
          ),
        };
    }
  }
  return null;
}

describe.each(PRODUCTS)('$plugin.id paths', ({ plugin, routes, samples }) => {
  it("the manifest's route patterns are its route table's", () => {
    expect(plugin.routes.map((r) => r.path).sort()).toEqual(Object.values(routes).sort());
  });

  it.each(samples)('%s opens a route of the manifest', (address) => {
    expect(routeAt([plugin], address)).not.toBeNull();
  });
});

describe('parameters are encoded', () => {
  it('an indicator path stays one segment and reaches the page whole', () => {
    expect(routeAt([neutrinoPlugin], neutrinoPaths.indicatorCampaign('/private/var/x?y'))).toEqual({
      path: '/neutrino/campaigns/indicator/:indicator',
      params: { indicator: '/private/var/x?y' },
    });
  });

  it('a device id with a slash opens the device page with that id', () => {
    expect(routeAt([gluonPlugin], gluonPaths.device('a/b c', 'i?1'))).toEqual({
      path: '/devices/:deviceId',
      params: { deviceId: 'a/b c' },
    });
    expect(new URL(gluonPaths.device('a', 'i?1'), 'http://x').searchParams.get('inspection')).toBe('i?1');
  });

  it('query values survive a round trip', () => {
    const url = new URL(monitoringPaths.alerts({ search: 'a&b c', status: undefined }), 'http://x');
    expect([...url.searchParams]).toEqual([['search', 'a&b c']]);
    expect(new URL(unsubscribePaths.page('j&w=t'), 'http://x').searchParams.get('jwt')).toBe('j&w=t');
  });
});

describe('the links the API mails and posts open a route some manifest declares', () => {
  const publicUrl = 'https://console.example';
  const tokens = { sign: async () => 'signed.to/ken' } as unknown as TokenService;

  it.each([
    [
      'an alert on an incident',
      alertLink(publicUrl, { incidentId: 'inc-1', deviceId: 'dev-1' }),
      '/incident-management/:incidentId',
    ],
    ['an alert on a device', alertLink(publicUrl, { incidentId: null, deviceId: 'dev-1' }), '/devices/:deviceId'],
    ['an alert without either', alertLink(publicUrl, { incidentId: null, deviceId: null }), '/monitoring/alerts'],
    ['an invitation', invitationUrl(publicUrl, 'tok_1'), '/invite/:id'],
    ['a collector link', collectorLinkUrl(publicUrl, 'tok_2'), '/collector/:id'],
    ['a password reset', `${publicUrl}${resetPasswordPaths.reset('rec-1')}`, '/resetPassword/:password_recovery_id'],
  ])('%s: %s', (_what, link, route) => {
    expect(link.startsWith(publicUrl)).toBe(true);
    expect(routeAt(ALL, link)?.path).toBe(route);
  });

  it('a quick link and an unsubscribe link', async () => {
    const quick = await mintQuickLink(tokens, publicUrl, { tenantId: 't', os: 'android' as never });
    expect(routeAt(ALL, quick.url)?.path).toBe('/collector/quick');
    expect(new URL(quick.url).searchParams.get('tokenquick')).toBe('signed.to/ken');
    const unsubscribe = await mintUnsubscribeLink(tokens, publicUrl, {
      tenantId: 't',
      email: 'a@b.c',
      notification: 'n',
    });
    expect(routeAt(ALL, unsubscribe.url)?.path).toBe('/unsubscribe');
    expect(new URL(unsubscribe.url).searchParams.get('jwt')).toBe('signed.to/ken');
  });
});

// Keep the Paths type honest: every table of functions returns strings.
const _typed: Paths[] = [
  gluonPaths,
  neutrinoPaths,
  monitoringPaths,
  adminPaths,
  electronPaths,
  rulesRepositoryPaths,
  invitePaths,
  resetPasswordPaths,
  collectorPaths,
  unsubscribePaths,
];
void _typed;
