export type ArchiveErrorCode =
  'not-an-archive' | 'corrupt' | 'truncated' | 'unsafe-path' | 'too-large' | 'too-many-entries' | 'too-deep';

/** Why an archive was refused; the message is safe to show to the person who uploaded it. */
export class ArchiveError extends Error {
  override readonly name = 'ArchiveError';
  constructor(
    readonly code: ArchiveErrorCode,
    message: string,
  ) {
    super(message);
  }
}
