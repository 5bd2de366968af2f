import { ArchiveError, type ArchiveErrorCode } from '../archiveError';

/** What made a backup unreadable, finer than ArchiveErrorCode; the message names the fault for the uploader. */
export type BackupFault =
  'layout' | 'manifest' | 'keybag' | 'password' | 'password-missing' | 'sqlite' | 'plist' | 'truncated' | 'too-large';

const CODES: Record<BackupFault, ArchiveErrorCode> = {
  layout: 'not-an-archive',
  manifest: 'corrupt',
  keybag: 'corrupt',
  password: 'corrupt',
  'password-missing': 'corrupt',
  sqlite: 'corrupt',
  plist: 'corrupt',
  truncated: 'truncated',
  'too-large': 'too-large',
};

/** A refused iPhone backup: an ArchiveError (its message is safe to show) with the exact fault. */
export class BackupError extends ArchiveError {
  constructor(
    readonly fault: BackupFault,
    message: string,
  ) {
    super(CODES[fault], message);
  }
}
