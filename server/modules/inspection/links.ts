import { normalizeDomain } from './registrableDomain';
import { isIpv4 } from './stixPattern';

/**
 * Hosts of link shorteners and redirectors. A link on one of them is kept and matched as seen:
 * following it would be outbound traffic from an inspection (and would tell the operator of the
 * link that someone looked), which never happens. The device page labels them.
 */
export const SHORTENER_HOSTS: ReadonlySet<string> = new Set([
  'bit.ly',
  'bitly.com',
  'bit.do',
  'buff.ly',
  'cutt.ly',
  'fb.me',
  'goo.gl',
  'is.gd',
  'j.mp',
  'lnkd.in',
  'ow.ly',
  'qrco.de',
  'rb.gy',
  'rebrand.ly',
  's.id',
  'shorturl.at',
  't.co',
  't.ly',
  'tiny.cc',
  'tinyurl.com',
  'trib.al',
  'v.gd',
  'wp.me',
]);

export function isShortenerHost(host: string): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return SHORTENER_HOSTS.has(h.startsWith('www.') ? h.slice(4) : h);
}

export interface FoundLink {
  /** The link as written (trailing punctuation of the sentence dropped; `www.` links get no scheme). */
  url: string;
  /** Lower-case host, trailing dot dropped; an IPv4 literal stays one. */
  host: string;
  shortener: boolean;
}

/** Most links taken from one line or message: a line of thousands is noise or an attack. */
export const MAX_LINKS_PER_TEXT = 32;
const MAX_URL_CHARS = 2048;

// A scheme link, a bare `www.` one, or a bare shortened one (`bit.ly/x`: SMS phishing often drops
// the scheme). Characters RFC 3986 never allows in a URL end it.
const SHORTENER_ALTERNATIVES = [...SHORTENER_HOSTS].map((h) => h.replace(/\./g, '\\.')).join('|');
const LINK = new RegExp(
  `(?:\\b(?:(?:https?|ftp)://|www\\.)|(?<![\\w.@/-])(?:${SHORTENER_ALTERNATIVES})/)[^\\s<>"'\`{}|\\\\^]+`,
  'gi',
);
const MAYBE_LINK = new RegExp(`://|www\\.|(?:${SHORTENER_ALTERNATIVES})/`, 'i');
const TRAILING = /[.,;:!?)\]}>*]+$/;

/**
 * Links in a text, each with its host. Only the text is read: nothing is resolved or fetched.
 * A string without `://` or `www.` costs one `indexOf` each.
 */
export function findLinks(text: string): FoundLink[] {
  if (!MAYBE_LINK.test(text)) return [];
  const out: FoundLink[] = [];
  const seen = new Set<string>();
  for (const m of text.matchAll(LINK)) {
    if (out.length >= MAX_LINKS_PER_TEXT) break;
    let url = m[0].replace(TRAILING, '');
    // An unbalanced `(` in the link keeps its `)`: `https://en.wikipedia.org/wiki/X_(y)`.
    if (m[0].length > url.length && url.includes('(') && !url.includes(')') && m[0][url.length] === ')') url += ')';
    if (url.length > MAX_URL_CHARS) continue;
    const host = hostOf(url);
    if (!host || seen.has(url)) continue;
    seen.add(url);
    out.push({ url, host, shortener: isShortenerHost(host) });
  }
  return out;
}

/** The host of a link (`www.` links read as `http://`), normalised; null when it has none we accept. */
export function hostOf(url: string): string | null {
  let parsed: URL;
  try {
    parsed = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `http://${url}`);
  } catch {
    return null;
  }
  const hostname = parsed.hostname;
  if (isIpv4(hostname)) return hostname;
  return normalizeDomain(hostname);
}

/**
 * A URL as `url:value` indicators and `url` observations are compared: scheme and host lower-case,
 * the host's trailing dot dropped, the rest as written (paths and queries are case-sensitive).
 */
export function urlKey(url: string): string {
  const m = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(url.trim());
  if (!m) return url.trim();
  const authority = m[2]!.toLowerCase().replace(/\.(?=(:\d+)?$)/, '');
  return `${m[1]!.toLowerCase()}${authority}${m[3]!}`;
}
