import { Callout, Classes, Intent, ProgressBar } from '@blueprintjs/core';
import { formatMegabytes } from '@core/downloads/DownloadService';
import type { QueuedFile } from '../../hooks/useUploadQueue';

/** UploadProgressListProps: the files of this visit, in the order they were added. */
export interface UploadProgressListProps {
  files: readonly QueuedFile[];
}

const DONE_TEXT: Partial<Record<QueuedFile['status'], string>> = {
  waiting: 'Waiting',
  done: 'Uploaded, inspection queued',
  duplicate: 'Already uploaded: the earlier inspection is shown below',
};

/** Each file with its progress in MB (2 decimals) and, when refused, the server's reason. */
export function UploadProgressList({ files }: UploadProgressListProps) {
  if (!files.length) return null;
  return (
    <ul aria-label="Files being uploaded" style={{ listStyle: 'none', padding: 0 }}>
      {files.map((file) => (
        <li key={file.key} data-testid="upload-file" data-status={file.status} style={{ margin: '12px 0' }}>
          <strong>{file.name}</strong>{' '}
          <span className={Classes.TEXT_MUTED}>
            {formatMegabytes(file.status === 'error' ? 0 : file.loaded)} / {formatMegabytes(file.size)} MB
          </span>
          {file.status === 'uploading' && <ProgressBar value={file.size ? file.loaded / file.size : 0} intent={Intent.PRIMARY} animate stripes />}
          {file.status === 'error' ? (
            <Callout intent={Intent.DANGER} compact>
              {file.error}
            </Callout>
          ) : (
            DONE_TEXT[file.status] && <div className={Classes.TEXT_MUTED}>{DONE_TEXT[file.status]}</div>
          )}
        </li>
      ))}
    </ul>
  );
}
