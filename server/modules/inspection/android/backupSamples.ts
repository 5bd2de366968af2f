import { deflateSync } from 'node:zlib';

import { createTar } from '../tarWriter';

/** A made-up SMS row as the telephony provider's backup agent writes it. */
export interface SampleSms {
  address: string;
  body: string;
  /** ms since the epoch. */
  date: number;
}

/** The flagged link of the samples: under a domain of the example KingSpawn rule set (server/assets/indicators). */
export const SAMPLE_FLAGGED_LINK = 'https://track.shoppingeos.com/parcel?id=8f2';
export const SAMPLE_FLAGGED_DOMAIN = 'shoppingeos.com';

export const SAMPLE_SMS: SampleSms[] = [
  { address: '+15550100', body: 'Lunch menu: https://example.org/menu', date: 1677900000000 },
  {
    address: '+15550199',
    body: `Your parcel could not be delivered, choose a time: ${SAMPLE_FLAGGED_LINK}.`,
    date: 1677910000000,
  },
  { address: '+15550123', body: 'See you at 6, bit.ly/3xYzAbC has the map', date: 1677920000000 },
];

export interface BackupOptions {
  compressed?: boolean;
  encryption?: string;
  version?: number;
  messages?: SampleSms[];
  /** Cut the backup after this many bytes (a truncated file). */
  truncateAt?: number;
  /** Extra tar entries (other apps' data). */
  extra?: Array<{ path: string; data: string | Buffer }>;
}

/**
 * An `adb backup` file in the format AOSP documents: the four header lines, then the tar
 * (zlib-deflated when compressed) holding the telephony provider's `_sms_backup` file.
 */
export function androidBackup(options: BackupOptions = {}): Buffer {
  const compressed = options.compressed ?? true;
  const rows = (options.messages ?? SAMPLE_SMS).map((m) => ({
    self_phone: '+15550000',
    address: m.address,
    body: m.body,
    date: String(m.date),
    date_sent: String(m.date - 1000),
    status: '-1',
    type: '1',
    recipients: [m.address],
    read: '1',
  }));
  const tar = createTar([
    { path: 'apps/com.android.providers.telephony/_manifest', data: '1\ncom.android.providers.telephony\n' },
    {
      path: 'apps/com.android.providers.telephony/d_f/000000_sms_backup',
      data: deflateSync(Buffer.from(JSON.stringify(rows))),
    },
    ...(options.extra ?? []),
  ]);
  const head = `ANDROID BACKUP\n${options.version ?? 5}\n${compressed ? 1 : 0}\n${options.encryption ?? 'none'}\n`;
  const whole = Buffer.concat([Buffer.from(head, 'latin1'), compressed ? deflateSync(tar) : tar]);
  return options.truncateAt !== undefined ? whole.subarray(0, options.truncateAt) : whole;
}
