import { clipRaw, type Observation } from '../types';
import { isDict, parsePlist, type PlistValue } from './plist';
import type { BackupDatabase, SqlRow } from './sqlite';

/**
 * What is read in a backup, after the files MVT's backup modules read (its documentation names
 * them; the queries are ours): each file by its domain and relative path, and what it yields.
 */
export interface BackupModule {
  id: string;
  /** Shown as the artefact's kind. */
  label: string;
  matches(domain: string, relativePath: string): boolean;
  format: 'sqlite' | 'plist';
  read(input: ModuleInput): void;
}

export interface ModuleInput {
  /** `domain/relativePath`, the evidence's file. */
  source: string;
  db?: BackupDatabase;
  plist?: PlistValue;
  emit(o: Omit<Observation, 'source'>): void;
  warn(message: string): void;
}

const APPLE_EPOCH_S = Date.UTC(2001, 0, 1) / 1000;
const MAX_URL_CHARS = 2048;

/** Mac absolute time (seconds, or nanoseconds since iOS 11 in sms.db) as ISO 8601. */
function appleTime(value: unknown): string | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
  if (!Number.isFinite(n) || n <= 0) return undefined;
  const seconds = n > 1e12 ? n / 1e9 : n;
  const date = new Date((APPLE_EPOCH_S + seconds) * 1000);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

function unixTime(value: unknown): string | undefined {
  const n = typeof value === 'number' ? value : NaN;
  if (!Number.isFinite(n) || n <= 0 || n > 4e9) return undefined;
  return new Date(n * 1000).toISOString();
}

// eslint-disable-next-line no-control-regex -- a URL ends at a control character
const URL_IN_TEXT = /\bhttps?:\/\/[^\s<>"'`\u0000-\u001f\u007f]+/gi;

/** The host of a URL, lower-cased, without a port or trailing dot; null when it has none. */
export function urlHost(url: string): string | null {
  try {
    const host = new URL(url).hostname.toLowerCase().replace(/\.$/, '');
    return host && !host.startsWith('[') ? host : null;
  } catch {
    return null;
  }
}

/** A URL (as seen: never fetched, a shortener's too) and its host as a domain observation. */
function emitUrl(input: ModuleInput, url: string, at: Pick<Observation, 'line' | 'raw' | 'timestamp'>): void {
  const clean = url.replace(/[).,;:!?\]}>]+$/, '').slice(0, MAX_URL_CHARS);
  const host = urlHost(clean);
  if (!host) return;
  input.emit({ kind: 'url', value: clean, ...at });
  input.emit({ kind: 'domain', value: host, ...at });
}

export function urlsIn(text: string): string[] {
  return text.match(URL_IN_TEXT) ?? [];
}

const str = (v: unknown): string =>
  typeof v === 'string' ? v : v instanceof Uint8Array ? '' : v == null ? '' : String(v);

function has(db: BackupDatabase, table: string, ...columns: string[]): boolean {
  if (!db.tables().has(table)) return false;
  const cols = db.columns(table);
  return columns.every((c) => cols.has(c));
}

function rows(input: ModuleInput, sql: string): SqlRow[] {
  const result = input.db!.rows(sql);
  if (result.truncated) input.warn(`${input.source}: more rows than read (the rest skipped)`);
  return result.rows;
}

const exact =
  (domains: string[], path: string) =>
  (domain: string, relativePath: string): boolean =>
    relativePath === path && domains.includes(domain);

const sms: BackupModule = {
  id: 'sms',
  label: 'SMS and iMessage (sms.db)',
  matches: exact(['HomeDomain'], 'Library/SMS/sms.db'),
  format: 'sqlite',
  read(input) {
    const db = input.db!;
    if (has(db, 'message', 'ROWID', 'text')) {
      const date = db.columns('message').has('date') ? 'date' : 'NULL';
      for (const r of rows(input, `SELECT ROWID AS id, text, ${date} AS date FROM message WHERE text LIKE '%http%'`)) {
        const text = str(r.text);
        for (const url of urlsIn(text))
          emitUrl(input, url, {
            line: Number(r.id),
            raw: clipRaw(`message ROWID ${r.id}: ${text}`),
            timestamp: appleTime(r.date),
          });
      }
    } else input.warn(`${input.source}: no message table`);
    if (has(db, 'attachment', 'ROWID', 'filename')) {
      const cols = db.columns('attachment');
      const name = cols.has('transfer_name') ? 'transfer_name' : 'NULL';
      // Attachments carry links in their names when a link preview or a shared URL was saved (`.pluginPayloadAttachment`).
      for (const r of rows(input, `SELECT ROWID AS id, filename, ${name} AS name FROM attachment`)) {
        const text = `${str(r.filename)} ${str(r.name)}`;
        for (const url of urlsIn(text))
          emitUrl(input, url, { line: Number(r.id), raw: clipRaw(`attachment ROWID ${r.id}: ${text}`) });
        const file = str(r.filename);
        if (file)
          input.emit({
            kind: 'path',
            value: file.replace(/^~\//, '/private/var/mobile/'),
            line: Number(r.id),
            raw: clipRaw(`attachment ROWID ${r.id}: ${file}`),
          });
      }
    }
  },
};

const safariHistory: BackupModule = {
  id: 'safari-history',
  label: 'Safari history (History.db)',
  matches: exact(['AppDomain-com.apple.mobilesafari', 'HomeDomain'], 'Library/Safari/History.db'),
  format: 'sqlite',
  read(input) {
    const db = input.db!;
    if (!has(db, 'history_items', 'id', 'url')) return input.warn(`${input.source}: no history_items table`);
    const visits = has(db, 'history_visits', 'history_item', 'visit_time');
    const sql = visits
      ? 'SELECT i.id, i.url, max(v.visit_time) AS at FROM history_items i LEFT JOIN history_visits v ON v.history_item = i.id GROUP BY i.id'
      : 'SELECT id, url, NULL AS at FROM history_items';
    for (const r of rows(input, sql))
      emitUrl(input, str(r.url), {
        line: Number(r.id),
        raw: clipRaw(`history_items id ${r.id}: ${str(r.url)}`),
        timestamp: appleTime(r.at),
      });
  },
};

const safariState: BackupModule = {
  id: 'safari-state',
  label: 'Safari browser state (BrowserState.db)',
  matches: exact(['AppDomain-com.apple.mobilesafari', 'HomeDomain'], 'Library/Safari/BrowserState.db'),
  format: 'sqlite',
  read(input) {
    const db = input.db!;
    if (!has(db, 'tabs', 'id', 'url')) return input.warn(`${input.source}: no tabs table`);
    const viewed = db.columns('tabs').has('last_viewed_time') ? 'last_viewed_time' : 'NULL';
    for (const r of rows(input, `SELECT id, url, ${viewed} AS at FROM tabs`))
      emitUrl(input, str(r.url), {
        line: Number(r.id),
        raw: clipRaw(`tabs id ${r.id}: ${str(r.url)}`),
        timestamp: appleTime(r.at),
      });
    if (has(db, 'tab_sessions', 'tab_uuid', 'session_data')) {
      for (const r of rows(input, 'SELECT rowid AS id, session_data FROM tab_sessions')) {
        const data = r.session_data;
        if (!(data instanceof Uint8Array) || data.length < 8) continue;
        // The session history is a plist after a 4-byte header; its entries' URLs are strings in it.
        const blob = Buffer.from(data);
        const at = blob.indexOf('bplist00');
        let plist: PlistValue | null = null;
        try {
          plist = at >= 0 ? parsePlist(blob.subarray(at)) : null;
        } catch {
          input.warn(`${input.source}: tab_sessions row ${r.id}: session data not readable`);
        }
        if (plist !== null)
          for (const s of stringsIn(plist))
            for (const url of urlsIn(s))
              emitUrl(input, url, { line: Number(r.id), raw: clipRaw(`tab_sessions row ${r.id}: ${url}`) });
      }
    }
  },
};

const webkitStatistics: BackupModule = {
  id: 'webkit-resource-load-statistics',
  label: 'WebKit resource load statistics (observations.db)',
  matches: (_domain, path) => path.endsWith('WebsiteData/ResourceLoadStatistics/observations.db'),
  format: 'sqlite',
  read(input) {
    const db = input.db!;
    if (!has(db, 'ObservedDomains', 'domainID', 'registrableDomain'))
      return input.warn(`${input.source}: no ObservedDomains table`);
    const seen = db.columns('ObservedDomains').has('lastSeen') ? 'lastSeen' : 'NULL';
    for (const r of rows(
      input,
      `SELECT domainID AS id, registrableDomain AS domain, ${seen} AS at FROM ObservedDomains`,
    )) {
      const domain = str(r.domain).toLowerCase().replace(/\.$/, '');
      if (domain)
        input.emit({
          kind: 'domain',
          value: domain,
          line: Number(r.id),
          raw: clipRaw(`ObservedDomains domainID ${r.id}: ${domain}`),
          timestamp: unixTime(r.at),
        });
    }
  },
};

const dataUsage: BackupModule = {
  id: 'datausage',
  label: 'Data usage per process (DataUsage.sqlite)',
  matches: exact(['WirelessDomain'], 'Library/Databases/DataUsage.sqlite'),
  format: 'sqlite',
  read(input) {
    const db = input.db!;
    if (!has(db, 'ZPROCESS', 'Z_PK', 'ZPROCNAME')) return input.warn(`${input.source}: no ZPROCESS table`);
    const cols = db.columns('ZPROCESS');
    const bundle = cols.has('ZBUNDLENAME') ? 'ZBUNDLENAME' : 'NULL';
    const at = cols.has('ZTIMESTAMP') ? 'ZTIMESTAMP' : 'NULL';
    for (const r of rows(
      input,
      `SELECT Z_PK AS id, ZPROCNAME AS name, ${bundle} AS bundle, ${at} AS at FROM ZPROCESS`,
    )) {
      const raw = clipRaw(`ZPROCESS Z_PK ${r.id}: ${str(r.name)} ${str(r.bundle)}`.trim());
      const timestamp = appleTime(r.at);
      // ZPROCNAME is `name/bundle.id` for apps, the bare name (or a path) for daemons.
      const name = str(r.name).split('/')[0]!.trim();
      if (name) input.emit({ kind: 'process', value: name, line: Number(r.id), raw, timestamp });
      const bundleId = str(r.bundle).trim();
      if (bundleId) input.emit({ kind: 'bundleId', value: bundleId, line: Number(r.id), raw, timestamp });
    }
  },
};

const tcc: BackupModule = {
  id: 'tcc',
  label: 'Privacy grants (TCC.db)',
  matches: exact(['HomeDomain'], 'Library/TCC/TCC.db'),
  format: 'sqlite',
  read(input) {
    const db = input.db!;
    if (!has(db, 'access', 'service', 'client')) return input.warn(`${input.source}: no access table`);
    const cols = db.columns('access');
    const type = cols.has('client_type') ? 'client_type' : '0';
    const grant = cols.has('auth_value') ? 'auth_value' : cols.has('allowed') ? 'allowed' : 'NULL';
    for (const r of rows(
      input,
      `SELECT rowid AS id, service, client, ${type} AS type, ${grant} AS granted FROM access`,
    )) {
      const client = str(r.client);
      if (!client) continue;
      const raw = clipRaw(`access row ${r.id}: ${str(r.service)} ${client} (auth ${str(r.granted)})`);
      input.emit({
        kind: Number(r.type) === 1 || client.startsWith('/') ? 'path' : 'bundleId',
        value: client,
        line: Number(r.id),
        raw,
      });
    }
  },
};

const calls: BackupModule = {
  id: 'calls',
  label: 'Calls (CallHistory.storedata)',
  matches: exact(['HomeDomain'], 'Library/CallHistoryDB/CallHistory.storedata'),
  format: 'sqlite',
  read(input) {
    const db = input.db!;
    if (!has(db, 'ZCALLRECORD', 'Z_PK', 'ZADDRESS')) return input.warn(`${input.source}: no ZCALLRECORD table`);
    const date = db.columns('ZCALLRECORD').has('ZDATE') ? 'ZDATE' : 'NULL';
    for (const r of rows(input, `SELECT Z_PK AS id, ZADDRESS AS address, ${date} AS at FROM ZCALLRECORD`)) {
      const address = r.address instanceof Uint8Array ? Buffer.from(r.address).toString('utf8') : str(r.address);
      // FaceTime and iMessage calls carry an Apple ID (an e-mail); phone numbers are no indicator kind.
      if (address.includes('@'))
        input.emit({
          kind: 'email',
          value: address.trim(),
          line: Number(r.id),
          raw: clipRaw(`ZCALLRECORD Z_PK ${r.id}: ${address}`),
          timestamp: appleTime(r.at),
        });
    }
  },
};

const contacts: BackupModule = {
  id: 'contacts',
  label: 'Contacts (AddressBook.sqlitedb)',
  matches: exact(['HomeDomain'], 'Library/AddressBook/AddressBook.sqlitedb'),
  format: 'sqlite',
  read(input) {
    const db = input.db!;
    if (!has(db, 'ABMultiValue', 'UID', 'property', 'value'))
      return input.warn(`${input.source}: no ABMultiValue table`);
    // Property 4 is an e-mail, 22 a URL (linked accounts and profiles carry them).
    for (const r of rows(input, 'SELECT UID AS id, property, value FROM ABMultiValue WHERE property IN (4, 22)')) {
      const value = str(r.value).trim();
      if (!value) continue;
      const raw = clipRaw(`ABMultiValue UID ${r.id}: ${value}`);
      if (Number(r.property) === 4) input.emit({ kind: 'email', value, line: Number(r.id), raw });
      else if (/^https?:\/\//i.test(value)) emitUrl(input, value, { line: Number(r.id), raw });
    }
  },
};

const idStatusCache: BackupModule = {
  id: 'idstatuscache',
  label: 'ID status cache (com.apple.identityservices.idstatuscache.plist)',
  matches: (domain, path) =>
    domain === 'HomeDomain' && path === 'Library/Preferences/com.apple.identityservices.idstatuscache.plist',
  format: 'plist',
  read(input) {
    const plist = input.plist;
    if (!isDict(plist)) return input.warn(`${input.source}: not a dictionary`);
    // Services (com.apple.madrid, com.apple.private.alloy.*) -> `mailto:`/`tel:` handles -> lookup record.
    for (const [service, handles] of Object.entries(plist)) {
      if (!isDict(handles)) continue;
      for (const handle of Object.keys(handles)) {
        if (!handle.startsWith('mailto:')) continue;
        const record = handles[handle];
        const date = isDict(record) ? record.LookupDate : undefined;
        input.emit({
          kind: 'email',
          value: handle.slice('mailto:'.length),
          raw: clipRaw(`${service}: ${handle}`),
          timestamp: typeof date === 'number' ? appleTime(date) : date instanceof Date ? date.toISOString() : undefined,
        });
      }
    }
  },
};

function* stringsIn(value: PlistValue, depth = 0): Generator<string> {
  if (depth > 32) return;
  if (typeof value === 'string') yield value;
  else if (Array.isArray(value)) for (const v of value) yield* stringsIn(v, depth + 1);
  else if (isDict(value)) for (const v of Object.values(value)) yield* stringsIn(v, depth + 1);
}

const profiles: BackupModule = {
  id: 'configuration-profiles',
  label: 'Configuration profile',
  matches: (domain, path) =>
    domain === 'SysSharedContainerDomain-systemgroup.com.apple.configurationprofiles' &&
    /^Library\/ConfigurationProfiles\/profile-[^/]+\.(plist|stub)$/.test(path),
  format: 'plist',
  read(input) {
    const plist = input.plist;
    if (!isDict(plist)) return input.warn(`${input.source}: not a dictionary`);
    const id = str(plist.PayloadIdentifier);
    input.warn(
      `configuration profile installed: ${str(plist.PayloadDisplayName) || id || 'unnamed'}${id ? ` (${id})` : ''}`,
    );
    // Servers a profile points at (MDM, proxies, VPN, payload URLs) are its indicators.
    for (const s of stringsIn(plist))
      for (const url of urlsIn(s)) emitUrl(input, url, { raw: clipRaw(`${id}: ${url}`) });
  },
};

export const BACKUP_MODULES: readonly BackupModule[] = [
  sms,
  safariHistory,
  safariState,
  webkitStatistics,
  dataUsage,
  tcc,
  calls,
  contacts,
  idStatusCache,
  profiles,
];

/** Installed applications as Info.plist lists them (`Installed Applications`, `Applications`). */
export function installedApps(info: PlistValue): string[] {
  if (!isDict(info)) return [];
  const ids = new Set<string>();
  const list = info['Installed Applications'];
  if (Array.isArray(list)) for (const v of list) if (typeof v === 'string') ids.add(v);
  const apps = info.Applications;
  if (isDict(apps)) for (const k of Object.keys(apps)) ids.add(k);
  return [...ids];
}
