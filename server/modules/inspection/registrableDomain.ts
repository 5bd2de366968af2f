/**
 * A deliberately small public-suffix rule instead of the full Public Suffix List (no dependency,
 * no list to keep fresh): the registrable domain is the last two labels, or the last three when
 * the last two are a common second-level suffix such as `co.uk`. Domains under a suffix missing
 * here (e.g. `dn.ua`) get a two-label registrable domain, which only matters if an indicator is
 * such a suffix itself; indicators are exact hosts in practice.
 */
const SECOND_LEVEL_SUFFIXES = new Set([
  'co.uk',
  'org.uk',
  'ac.uk',
  'gov.uk',
  'ltd.uk',
  'plc.uk',
  'me.uk',
  'net.uk',
  'com.au',
  'net.au',
  'org.au',
  'edu.au',
  'gov.au',
  'co.nz',
  'org.nz',
  'net.nz',
  'co.jp',
  'ne.jp',
  'or.jp',
  'ac.jp',
  'go.jp',
  'co.kr',
  'or.kr',
  'co.in',
  'net.in',
  'org.in',
  'gov.in',
  'co.za',
  'org.za',
  'co.il',
  'org.il',
  'com.br',
  'net.br',
  'org.br',
  'gov.br',
  'com.cn',
  'net.cn',
  'org.cn',
  'gov.cn',
  'com.hk',
  'com.tw',
  'com.sg',
  'com.my',
  'com.mx',
  'com.ar',
  'com.co',
  'com.pe',
  'com.ve',
  'com.tr',
  'gov.tr',
  'com.ua',
  'gov.ua',
  'org.ua',
  'net.ua',
  'in.ua',
  'com.ru',
  'org.ru',
  'net.ru',
  'com.sa',
  'com.eg',
  'com.pk',
  'com.ng',
  'com.vn',
  'com.ph',
  'com.bd',
  'co.id',
  'co.th',
]);

/** Two or more DNS labels (underscores allowed: they occur in real service names). */
const HOST = /^(?:[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?\.)+[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?$/;

/** Lower-cased host without a trailing dot; `null` when it is not a plausible DNS name. */
export function normalizeDomain(value: string): string | null {
  let host = value.trim().toLowerCase();
  if (host.endsWith('.')) host = host.slice(0, -1);
  return host.length <= 253 && HOST.test(host) ? host : null;
}

/** Registrable domain of a normalised host (see the rule above). */
export function registrableDomain(host: string): string {
  const last = host.lastIndexOf('.');
  const second = last < 0 ? -1 : host.lastIndexOf('.', last - 1);
  if (second < 0) return host;
  const lastTwo = host.slice(second + 1);
  if (!SECOND_LEVEL_SUFFIXES.has(lastTwo)) return lastTwo;
  const third = host.lastIndexOf('.', second - 1);
  return third < 0 ? host : host.slice(third + 1);
}

/**
 * The host and each parent domain down to its registrable domain, most specific first:
 * `a.b.example.co.uk` -> `a.b.example.co.uk`, `b.example.co.uk`, `example.co.uk`.
 */
export function domainCandidates(host: string): string[] {
  const stop = registrableDomain(host);
  const out = [host];
  let current = host;
  while (current !== stop) {
    current = current.slice(current.indexOf('.') + 1);
    out.push(current);
  }
  return out;
}
