/**
 * Writes iTunes/Finder backups for the samples, the tests and the benchmark, after Apple's layout
 * as documented (Manifest.db, Manifest.plist with its keybag, Info.plist, files at
 * `<2 hex>/<sha1(domain-relativePath)>`); every database is made here with sql.js. Keys are
 * derived from a seed, so a backup is the same bytes every time.
 */
import { createCipheriv, createHash, pbkdf2Sync } from 'node:crypto';

import { aesWrap, writeKeybag } from './keybag';
import { keyedArchive, writeBinaryPlist, writeXmlPlist } from './plistWriter';
import { backupFileId } from './readBackup';
import { buildDatabase } from './sqlite';

export interface BackupFile {
  domain: string;
  relativePath: string;
  data: Buffer;
}

export interface GeneratedBackup {
  /** Paths under the backup folder, and their bytes (encrypted when the backup is). */
  entries: Array<{ path: string; data: Buffer }>;
  password?: string;
}

export interface BackupOptions {
  /** Encrypts the backup with this password. */
  password?: string;
  /** The message's link (one the example DarkSword rule set flags by its domain). */
  link?: string;
  /** Files added as they are (a test's corrupt database, a benchmark's bulk). */
  extraFiles?: BackupFile[];
  /** Files listed in Manifest.db only (their bytes written by the caller, e.g. the benchmark's media). */
  listed?: Array<{ domain: string; relativePath: string; size: number }>;
  /** Leaves these files out of the hashed tree while Manifest.db lists them (a truncated backup). */
  omit?: string[];
  /** Replaces a file's bytes before encryption (a corrupt database). */
  replace?: Record<string, Buffer>;
  seed?: string;
  /** PBKDF2 rounds the keybag asks for (iTunes: 10,000 and 10,000,000; the sample asks for less to open fast). */
  iterations?: number;
  dpic?: number;
}

export const SAMPLE_BACKUP_LINK = 'https://snapshare.chat/s/9f3a2c?ref=msg';
export const SAMPLE_BACKUP_PASSWORD = 'gluon-sample';
export const SAMPLE_BACKUP_UDID = '00008030-001A2B3C4D5E802E';

const MAC_2024 = Date.UTC(2024, 4, 1) / 1000 - Date.UTC(2001, 0, 1) / 1000;

function derive(seed: string, label: string, bytes = 32): Buffer {
  return createHash('sha256').update(`${seed}:${label}`).digest().subarray(0, bytes);
}

/** The backup's files with their made-up content: one SMS carries `link`. */
async function sampleFiles(link: string): Promise<BackupFile[]> {
  const sms = await buildDatabase(
    [
      'CREATE TABLE message (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, guid TEXT, text TEXT, handle_id INTEGER, date INTEGER, is_from_me INTEGER)',
      'CREATE TABLE handle (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, id TEXT, service TEXT)',
      'CREATE TABLE attachment (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, filename TEXT, transfer_name TEXT, mime_type TEXT)',
      "INSERT INTO handle (id, service) VALUES ('+41790000001', 'SMS'), ('friend@example.org', 'iMessage')",
      'INSERT INTO message (guid, text, handle_id, date, is_from_me) VALUES (?, ?, 1, ?, 0)',
      "INSERT INTO message (guid, text, handle_id, date, is_from_me) VALUES ('m2', 'See you at 8, the menu is on https://www.example.com/menu.', 2, ?, 1)",
      "INSERT INTO attachment (filename, transfer_name, mime_type) VALUES ('~/Library/SMS/Attachments/0a/10/IMG_0001.HEIC', 'IMG_0001.HEIC', 'image/heic')",
    ],
    [
      [],
      [],
      [],
      [],
      ['m1', `Your parcel is held: confirm delivery at ${link}`, MAC_2024 * 1e9],
      [(MAC_2024 + 60) * 1e9],
    ],
  );
  const history = await buildDatabase(
    [
      'CREATE TABLE history_items (id INTEGER PRIMARY KEY AUTOINCREMENT, url TEXT NOT NULL UNIQUE, domain_expansion TEXT, visit_count INTEGER)',
      'CREATE TABLE history_visits (id INTEGER PRIMARY KEY AUTOINCREMENT, history_item INTEGER, visit_time REAL, title TEXT, redirect_source INTEGER, redirect_destination INTEGER)',
      "INSERT INTO history_items (url, domain_expansion, visit_count) VALUES ('https://www.wikipedia.org/', 'wikipedia', 3), ('https://news.example.net/today', 'news.example', 1)",
      'INSERT INTO history_visits (history_item, visit_time, title) VALUES (1, ?, ?), (2, ?, ?)',
    ],
    [[], [], [], [MAC_2024 + 3600, 'Wikipedia', MAC_2024 + 7200, 'Today']],
  );
  const browserState = await buildDatabase([
    'CREATE TABLE tabs (id INTEGER PRIMARY KEY AUTOINCREMENT, uuid TEXT, title TEXT, url TEXT, last_viewed_time REAL)',
    `INSERT INTO tabs (uuid, title, url, last_viewed_time) VALUES ('t1', 'Weather', 'https://weather.example.com/geneva', ${MAC_2024 + 9000})`,
  ]);
  const observations = await buildDatabase([
    'CREATE TABLE ObservedDomains (domainID INTEGER PRIMARY KEY, registrableDomain TEXT NOT NULL UNIQUE, lastSeen REAL NOT NULL, hadUserInteraction INTEGER NOT NULL)',
    `INSERT INTO ObservedDomains VALUES (1, 'wikipedia.org', ${Date.UTC(2024, 4, 1) / 1000}, 1), (2, 'example.net', ${Date.UTC(2024, 4, 2) / 1000}, 0)`,
  ]);
  const dataUsage = await buildDatabase([
    'CREATE TABLE ZPROCESS (Z_PK INTEGER PRIMARY KEY, Z_ENT INTEGER, Z_OPT INTEGER, ZFIRSTTIMESTAMP TIMESTAMP, ZTIMESTAMP TIMESTAMP, ZBUNDLENAME VARCHAR, ZPROCNAME VARCHAR)',
    `INSERT INTO ZPROCESS VALUES (1, 1, 1, ${MAC_2024}, ${MAC_2024 + 100}, 'com.apple.mobilesafari', 'MobileSafari/com.apple.mobilesafari'), (2, 1, 1, ${MAC_2024}, ${MAC_2024 + 50}, NULL, 'mDNSResponder')`,
  ]);
  const tcc = await buildDatabase([
    'CREATE TABLE access (service TEXT NOT NULL, client TEXT NOT NULL, client_type INTEGER NOT NULL, auth_value INTEGER NOT NULL, auth_reason INTEGER NOT NULL, last_modified INTEGER)',
    "INSERT INTO access VALUES ('kTCCServiceCamera', 'com.example.chat', 0, 2, 2, 1714550400), ('kTCCServiceMicrophone', 'com.example.chat', 0, 2, 2, 1714550400)",
  ]);
  const calls = await buildDatabase([
    'CREATE TABLE ZCALLRECORD (Z_PK INTEGER PRIMARY KEY, ZADDRESS VARCHAR, ZDATE TIMESTAMP, ZDURATION FLOAT, ZSERVICE_PROVIDER VARCHAR)',
    `INSERT INTO ZCALLRECORD VALUES (1, 'friend@example.org', ${MAC_2024 + 500}, 62.5, 'com.apple.FaceTime'), (2, '+41790000001', ${MAC_2024 + 800}, 12, 'com.apple.Telephony')`,
  ]);
  const contacts = await buildDatabase([
    'CREATE TABLE ABPerson (ROWID INTEGER PRIMARY KEY AUTOINCREMENT, First TEXT, Last TEXT)',
    'CREATE TABLE ABMultiValue (UID INTEGER PRIMARY KEY, record_id INTEGER, property INTEGER, identifier INTEGER, label INTEGER, value TEXT)',
    "INSERT INTO ABPerson (First, Last) VALUES ('Alex', 'Sample')",
    "INSERT INTO ABMultiValue VALUES (1, 1, 4, 0, 1, 'friend@example.org'), (2, 1, 22, 1, 2, 'https://social.example.com/alex'), (3, 1, 3, 2, 3, '+41790000001')",
  ]);
  const idStatus = writeBinaryPlist({
    'com.apple.madrid': {
      'mailto:friend@example.org': { IDStatus: 1, LookupDate: MAC_2024 + 10 },
      'tel:+41790000001': { IDStatus: 1, LookupDate: MAC_2024 + 20 },
    },
  });
  const profile = writeBinaryPlist({
    PayloadDisplayName: 'Example Wi-Fi',
    PayloadIdentifier: 'com.example.wifi',
    PayloadUUID: '6C1D5F8A-0000-4000-8000-000000000001',
    PayloadType: 'Configuration',
    PayloadContent: [
      { PayloadType: 'com.apple.wifi.managed', SSID_STR: 'Example', ProxyPACURL: 'https://proxy.example.com/wpad.dat' },
    ],
  });
  return [
    { domain: 'HomeDomain', relativePath: 'Library/SMS/sms.db', data: sms },
    { domain: 'AppDomain-com.apple.mobilesafari', relativePath: 'Library/Safari/History.db', data: history },
    { domain: 'AppDomain-com.apple.mobilesafari', relativePath: 'Library/Safari/BrowserState.db', data: browserState },
    {
      domain: 'AppDomain-com.apple.mobilesafari',
      relativePath: 'Library/WebKit/WebsiteData/ResourceLoadStatistics/observations.db',
      data: observations,
    },
    { domain: 'WirelessDomain', relativePath: 'Library/Databases/DataUsage.sqlite', data: dataUsage },
    { domain: 'HomeDomain', relativePath: 'Library/TCC/TCC.db', data: tcc },
    { domain: 'HomeDomain', relativePath: 'Library/CallHistoryDB/CallHistory.storedata', data: calls },
    { domain: 'HomeDomain', relativePath: 'Library/AddressBook/AddressBook.sqlitedb', data: contacts },
    {
      domain: 'HomeDomain',
      relativePath: 'Library/Preferences/com.apple.identityservices.idstatuscache.plist',
      data: idStatus,
    },
    {
      domain: 'SysSharedContainerDomain-systemgroup.com.apple.configurationprofiles',
      relativePath: 'Library/ConfigurationProfiles/profile-6c1d5f8a.stub',
      data: profile,
    },
  ];
}

function encrypt(key: Buffer, data: Buffer): Buffer {
  const cipher = createCipheriv('aes-256-cbc', key, Buffer.alloc(16));
  return Buffer.concat([cipher.update(data), cipher.final()]);
}

/** A 4-byte little-endian protection class followed by the wrapped key (ManifestKey, MBFile's EncryptionKey). */
function classWrapped(clas: number, classKey: Buffer, key: Buffer): Buffer {
  const head = Buffer.alloc(4);
  head.writeUInt32LE(clas);
  return Buffer.concat([head, aesWrap(classKey, key)]);
}

export async function generateIosBackup(options: BackupOptions = {}): Promise<GeneratedBackup> {
  const seed = options.seed ?? 'gluon-backup';
  const password = options.password;
  const files = [...(await sampleFiles(options.link ?? SAMPLE_BACKUP_LINK)), ...(options.extraFiles ?? [])];
  const iterations = options.iterations ?? 1000;
  const dpic = options.dpic ?? 10_000;
  const classKeys = new Map<number, Buffer>([1, 2, 3, 4].map((c) => [c, derive(seed, `class-${c}`)]));
  const entries: GeneratedBackup['entries'] = [];
  let keybag: Buffer | null = null;
  if (password) {
    const salt = derive(seed, 'salt', 20);
    const dpsl = derive(seed, 'dpsl', 20);
    const key = pbkdf2Sync(pbkdf2Sync(password, dpsl, dpic, 32, 'sha256'), salt, iterations, 32, 'sha1');
    keybag = writeKeybag({
      uuid: derive(seed, 'bag', 16),
      salt,
      iterations,
      dpsl,
      dpic,
      classKeys: [...classKeys].map(([clas, classKey]) => ({
        uuid: derive(seed, `uuid-${clas}`, 16),
        clas,
        wpky: aesWrap(key, classKey),
      })),
    });
  }
  const rows: Array<[string, string, string, number, Buffer]> = [];
  let listedKey: Buffer | undefined;
  for (const file of files) {
    const fileId = backupFileId(file.domain, file.relativePath);
    const name = `${file.domain}/${file.relativePath}`;
    const plain = options.replace?.[name] ?? file.data;
    let data = plain;
    const fields: Record<string, Buffer | number | string> = {
      RelativePath: file.relativePath,
      Size: plain.length,
      ProtectionClass: 3,
      Mode: 0o100644,
      LastModified: 1714550400,
    };
    if (password) {
      const key = derive(seed, `file-${fileId}`);
      data = encrypt(key, plain);
      fields.EncryptionKey = classWrapped(3, classKeys.get(3)!, key);
    }
    rows.push([fileId, file.domain, file.relativePath, 1, keyedArchive('MBFile', fields)]);
    if (!options.omit?.includes(name)) entries.push({ path: `${fileId.slice(0, 2)}/${fileId}`, data });
  }
  for (const file of options.listed ?? []) {
    const fileId = backupFileId(file.domain, file.relativePath);
    const fields: Record<string, Buffer | number | string> = {
      RelativePath: file.relativePath,
      Size: file.size,
      ProtectionClass: 3,
    };
    // One wrapped key for all of them: wrapping is the generation's cost, and they are never read.
    if (password) fields.EncryptionKey = listedKey ??= classWrapped(3, classKeys.get(3)!, derive(seed, 'listed'));
    rows.push([fileId, file.domain, file.relativePath, 1, keyedArchive('MBFile', fields)]);
  }
  let manifestDb = await buildDatabase(
    [
      'CREATE TABLE Files (fileID TEXT PRIMARY KEY, domain TEXT, relativePath TEXT, flags INTEGER, file BLOB)',
      'CREATE TABLE Properties (key TEXT PRIMARY KEY, value BLOB)',
      ...rows.map(() => 'INSERT INTO Files VALUES (?, ?, ?, ?, ?)'),
    ],
    [[], [], ...rows],
  );
  manifestDb = options.replace?.['Manifest.db'] ?? manifestDb;
  const lockdown = {
    ProductVersion: '17.4.1',
    BuildVersion: '21E236',
    ProductType: 'iPhone14,2',
    SerialNumber: 'F2LXSAMPLE01',
    UniqueDeviceID: SAMPLE_BACKUP_UDID,
    DeviceName: 'Sample iPhone',
  };
  const manifestKey = derive(seed, 'manifest');
  entries.push({
    path: 'Manifest.plist',
    data: writeBinaryPlist({
      Version: '10.0',
      IsEncrypted: Boolean(password),
      Date: new Date(Date.UTC(2024, 4, 1)),
      Lockdown: lockdown,
      ...(keybag ? { BackupKeyBag: keybag, ManifestKey: classWrapped(4, classKeys.get(4)!, manifestKey) } : {}),
    }),
  });
  entries.push({ path: 'Manifest.db', data: password ? encrypt(manifestKey, manifestDb) : manifestDb });
  entries.push({
    path: 'Info.plist',
    data: Buffer.from(
      writeXmlPlist({
        'Device Name': 'Sample iPhone',
        'Product Type': 'iPhone14,2',
        'Product Version': '17.4.1',
        'Build Version': '21E236',
        'Serial Number': 'F2LXSAMPLE01',
        'Unique Identifier': SAMPLE_BACKUP_UDID,
        'Last Backup Date': new Date(Date.UTC(2024, 4, 1)),
        'Installed Applications': ['com.apple.mobilesafari', 'com.example.chat', 'com.example.weather'],
        Applications: { 'com.example.chat': { iTunesMetadata: Buffer.from('{}') } },
      }),
    ),
  });
  entries.push({
    path: 'Status.plist',
    data: writeBinaryPlist({ IsFullBackup: false, Version: '3.3', BackupState: 'new', SnapshotState: 'finished' }),
  });
  return { entries, ...(password ? { password } : {}) };
}
