import { lookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

import { HttpError } from '../../../contracts';

/**
 * Where a webhook may go. A webhook is a way into the network the API runs in, so an address is
 * refused when it is loopback, private, link-local (cloud metadata lives there), CGNAT,
 * multicast, reserved or unspecified — unless the operator allows its `host:port`
 * (MONITORING_WEBHOOK_ALLOW). Checked on the resolved addresses, on save and again at each send.
 */
export interface WebhookPolicy {
  /** NODE_ENV=production: https only. */
  httpsOnly: boolean;
  /** Lower-case `host:port` entries the operator allows whatever they resolve to. */
  allow: ReadonlySet<string>;
}

export function webhookPolicy(env: { nodeEnv: string; allow: string | undefined }): WebhookPolicy {
  const allow = new Set(
    (env.allow ?? '')
      .split(',')
      .map((s) => s.trim().toLowerCase())
      .filter(Boolean),
  );
  return { httpsOnly: env.nodeEnv === 'production', allow };
}

const blocked = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], // "this network", unspecified
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // CGNAT (Alibaba's metadata is 100.100.100.200)
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, cloud metadata 169.254.169.254
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const)
  blocked.addSubnet(net, bits, 'ipv4');
for (const [net, bits] of [
  ['::', 128], // unspecified
  ['::1', 128],
  ['64:ff9b::', 96], // NAT64: may reach any IPv4 address
  ['64:ff9b:1::', 48],
  ['100::', 64], // discard
  ['2001:db8::', 32],
  ['2002::', 16], // 6to4: embeds an IPv4 address
  ['fc00::', 7], // unique local (AWS metadata fd00:ec2::254)
  ['fe80::', 10],
  ['ff00::', 8], // multicast
] as const)
  blocked.addSubnet(net, bits, 'ipv6');

/** An IPv4 address written as IPv6 (`::ffff:127.0.0.1`, `::ffff:7f00:1`, `::127.0.0.1`): its IPv4 form. */
function embeddedIpv4(address: string): string | null {
  const m = /^::(?:ffff(?::0{1,4})?:)?(?:(\d+\.\d+\.\d+\.\d+)|([0-9a-f]{1,4}):([0-9a-f]{1,4}))$/i.exec(address);
  if (!m) return null;
  if (m[1]) return m[1];
  const hi = parseInt(m[2]!, 16);
  const lo = parseInt(m[3]!, 16);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
}

/** True when a webhook must not connect to this IP address. */
export function isForbiddenAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return true;
  if (family === 4) return blocked.check(address, 'ipv4');
  const v4 = embeddedIpv4(address);
  if (v4) return blocked.check(v4, 'ipv4');
  return blocked.check(address, 'ipv6');
}

export interface WebhookTarget {
  url: URL;
  /** What the console and the delivery log show: never the path or query (they may hold a credential). */
  host: string;
  /** The checked address to connect to (the name is not resolved again: no DNS rebinding). */
  address: string;
  family: 4 | 6;
}

/** A webhook URL that may not be used (400 on save). `unresolved`: may resolve later (a send retries). */
export class WebhookRefused extends HttpError {
  constructor(
    message: string,
    readonly unresolved = false,
  ) {
    super(400, message);
  }
}

/** Parses a webhook URL against the policy (scheme, no credentials); throws WebhookRefused. */
export function parseWebhookUrl(raw: string, policy: WebhookPolicy): URL {
  let url: URL;
  try {
    url = new URL(raw.trim());
  } catch {
    throw new WebhookRefused('The webhook URL is not a valid URL.');
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && !policy.httpsOnly)) {
    throw new WebhookRefused(
      policy.httpsOnly ? 'The webhook URL must use https.' : 'The webhook URL must use https or http.',
    );
  }
  if (url.username || url.password) throw new WebhookRefused('The webhook URL must not carry a user name or password.');
  url.hash = '';
  return url;
}

const RESOLVE_TIMEOUT_MS = 5000;

function portOf(url: URL): string {
  return url.port || (url.protocol === 'https:' ? '443' : '80');
}

/**
 * Resolves a webhook URL and checks every address it resolves to. Used on save (a clear 400) and
 * before each send (the connection then goes to the returned address).
 */
export async function resolveWebhookTarget(
  raw: string,
  policy: WebhookPolicy,
  resolve: typeof lookup = lookup,
): Promise<WebhookTarget> {
  const url = parseWebhookUrl(raw, policy);
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1');
  const host = url.host.toLowerCase();
  const allowed =
    policy.allow.has(`${hostname.toLowerCase()}:${portOf(url)}`) ||
    policy.allow.has(`${url.hostname.toLowerCase()}:${portOf(url)}`);
  let addresses: { address: string; family: number }[];
  if (isIP(hostname)) addresses = [{ address: hostname, family: isIP(hostname) }];
  else {
    try {
      // getaddrinfo has no timeout of its own: a resolver that hangs must not hold a save or a send.
      addresses = await Promise.race([
        resolve(hostname, { all: true, verbatim: true }),
        new Promise<never>((_, reject) => setTimeout(() => reject(new Error('timeout')), RESOLVE_TIMEOUT_MS).unref()),
      ]);
    } catch {
      throw new WebhookRefused(`The webhook host ${url.hostname} does not resolve.`, true);
    }
  }
  if (addresses.length === 0) throw new WebhookRefused(`The webhook host ${url.hostname} does not resolve.`, true);
  if (!allowed) {
    const bad = addresses.find((a) => isForbiddenAddress(a.address));
    if (bad) {
      throw new WebhookRefused(
        `The webhook host ${url.hostname} is (or resolves to) ${bad.address}, a loopback, private, link-local, multicast or metadata address. ` +
          'An operator may allow it in MONITORING_WEBHOOK_ALLOW.',
      );
    }
  }
  const first = addresses[0]!;
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}
