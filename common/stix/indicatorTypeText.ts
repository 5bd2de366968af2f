/**
 * A STIX indicator's object path in words ("file:path" → "File path"), for every product's pages;
 * the path itself stays in tooltips and exports. One list, so the rules repository, gluon and
 * neutrino name a type alike.
 */
const TYPE_TEXT: Record<string, string> = {
  'process:name': 'Process name',
  'domain-name:value': 'Domain',
  'ipv4-addr:value': 'IPv4 address',
  'ipv6-addr:value': 'IPv6 address',
  'file:name': 'File name',
  'file:path': 'File path',
  'file:hashes.sha256': 'SHA-256 hash',
  "file:hashes.'sha-256'": 'SHA-256 hash',
  'file:hashes.sha1': 'SHA-1 hash',
  "file:hashes.'sha-1'": 'SHA-1 hash',
  'file:hashes.md5': 'MD5 hash',
  'email-addr:value': 'Email address',
  'url:value': 'URL',
  'app:id': 'App id or package',
  'app:cert.sha256': 'App certificate (SHA-256)',
  'app:cert.sha1': 'App certificate (SHA-1)',
  'app:cert.md5': 'App certificate (MD5)',
  'android-property:name': 'System property',
  'x-apple-code-signing:team_id': 'Developer team id',
  'x-apple-code-signing:signing_id': 'Signing identifier',
  'x-apple-code-signing:cdhash': 'Code directory hash (cdhash)',
};

/** The type in words; one this list does not know is shown as written (a reader can still look it up). */
export function indicatorTypeText(type: string): string {
  return TYPE_TEXT[type] ?? type;
}
