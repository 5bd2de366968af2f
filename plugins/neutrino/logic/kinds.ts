import type { HuntMode, IndicatorType, ObservationKind } from '../api/NeutrinoApi';

/** The kinds gluon's extractors store, in words (the API's names stay in the CSV). */
export const KIND_LABELS: Record<ObservationKind, string> = {
  process: 'Process',
  path: 'File path',
  domain: 'Domain',
  bundleId: 'App id or package',
  ipv4: 'IPv4 address',
  email: 'Email address',
  url: 'URL',
  fileHash: 'File hash',
  appCert: 'App certificate',
  property: 'System property',
  setting: 'Setting',
  mount: 'Mount',
  accessibilityService: 'Accessibility service',
  deviceAdmin: 'Device admin',
  receiver: 'Broadcast receiver',
  appop: 'App op',
  tombstone: 'Crash process (tombstone)',
  teamId: 'Developer team id',
  signingId: 'Signing identifier',
  cdhash: 'Code directory hash',
};

export const MODE_LABELS: Record<HuntMode, string> = {
  exact: 'Is exactly',
  prefix: 'Starts with',
  contains: 'Contains',
};

/** Indicator types a pasted list can have, in words. */
export const INDICATOR_LABELS: Record<IndicatorType, string> = {
  'process:name': 'Process names',
  'domain-name:value': 'Domains',
  'ipv4-addr:value': 'IPv4 addresses',
  'file:name': 'File names',
  'file:path': 'File paths',
  'file:hashes.sha256': 'SHA-256 hashes',
  'file:hashes.sha1': 'SHA-1 hashes',
  'file:hashes.md5': 'MD5 hashes',
  'email-addr:value': 'Email addresses',
  'url:value': 'URLs',
  'app:id': 'App ids and packages',
  'app:cert.sha256': 'App certificates (SHA-256)',
  'app:cert.sha1': 'App certificates (SHA-1)',
  'app:cert.md5': 'App certificates (MD5)',
  'android-property:name': 'System properties',
  'x-apple-code-signing:team_id': 'Developer team ids',
  'x-apple-code-signing:signing_id': 'Signing identifiers',
  'x-apple-code-signing:cdhash': 'Code directory hashes (cdhash)',
};
