import { isIP } from 'node:net';

/**
 * Which hops in front of the API are trusted to say who the client is (Fastify `trustProxy`):
 *  - false: nobody, the client is the socket's peer (default);
 *  - a number n: the n hops nearest to the API are proxies;
 *  - a list of addresses / CIDRs (and proxy-addr's names loopback, linklocal, uniquelocal).
 * Fastify (proxy-addr) then takes the right-most X-Forwarded-For entry that is NOT trusted: what
 * a client writes to the left of the real chain is never used (it used to take the left-most).
 */
export type TrustProxy = false | number | string[];

const NAMED = new Set(['loopback', 'linklocal', 'uniquelocal']);
const MAX_HOPS = 32;

function validEntry(entry: string): boolean {
  if (NAMED.has(entry)) return true;
  const [address = '', bits, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (bits === undefined) return true;
  if (!/^\d{1,3}$/.test(bits)) return false;
  return Number(bits) <= (family === 4 ? 32 : 128);
}

/**
 * TRUST_PROXY: off (default) | on (= 1 hop: one load balancer) | a hop count | a comma-separated
 * list of addresses/CIDRs. Answers the setting or a problem description.
 */
export function parseTrustProxy(raw: string | null): { value: TrustProxy } | { problem: string } {
  if (raw === null) return { value: false };
  const v = raw.trim().toLowerCase();
  if (['off', 'false', 'no', '0', ''].includes(v)) return { value: false };
  if (['on', 'true', 'yes'].includes(v)) return { value: 1 };
  if (/^\d+$/.test(v)) {
    const hops = Number(v);
    return hops <= MAX_HOPS ? { value: hops } : { problem: `${hops} hops is more than ${MAX_HOPS}` };
  }
  const entries = raw
    .split(',')
    .map((e) => e.trim())
    .filter((e) => e !== '');
  const bad = entries.filter((e) => !validEntry(e));
  if (entries.length === 0 || bad.length > 0) {
    return {
      problem: `"${bad[0] ?? raw}" is not off, on, a hop count or a list of IP addresses / CIDRs (e.g. 10.0.0.0/8,192.168.1.5)`,
    };
  }
  return { value: entries };
}

/**
 * The Fastify `trustProxy` option for the setting. A hop count becomes a function (Fastify 5
 * treats a bare number as "trust nobody"): the `hops` addresses nearest to the API (the socket's
 * peer is index 0) are proxies. A hop count cannot tell a proxy from a client that reaches the
 * API directly: where that is possible, list the proxies' addresses instead.
 */
export function fastifyTrustProxy(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') {
    const hops = setting;
    return hops === 0 ? false : (_address: string, hop: number) => hop < hops;
  }
  return setting;
}
