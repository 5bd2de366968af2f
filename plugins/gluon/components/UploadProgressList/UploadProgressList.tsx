import { Callout, Classes, Intent, ProgressBar } from '@blueprintjs/core';

import { count } from '@common/format/count';
import { formatSize } from '@core/locale/formatSize';

import type { Upload } from '../../api/GluonApi';
import type { QueuedFile } from '../../hooks/useUploadQueue';

/** UploadProgressListProps: the files of this visit and the newest state of their inspections. */
export interface UploadProgressListProps {
  /** The files of this visit, in the order they were added. */
  files: readonly QueuedFile[];
  /**
   * Uploads as the recent-uploads list last read them (it polls while one is queued or running):
   * a file's line follows its inspection from queued to done instead of keeping the upload's answer.
   */
  latest: readonly Upload[];
}

const STATUS_TEXT: Partial<Record<QueuedFile['status'], string>> = {
  waiting: 'Waiting',
  duplicate: 'Already uploaded: the earlier inspection is shown below',
};

/** What an accepted file's line says of its inspection. */
function inspectionText(upload: Upload): string {
  switch (upload.status) {
    case 'queued':
      return 'Uploaded, inspection queued';
    case 'running':
      return `Uploaded, inspection running (${Math.round(upload.progress)} %)`;
    case 'done':
      return upload.findings === 0 ? 'Inspected: no finding' : `Inspected: ${count(upload.findings, 'finding')}`;
    case 'failed':
      return `Inspection failed${upload.error ? `: ${upload.error}` : ''}`;
  }
}

function lineText(file: QueuedFile, latest: readonly Upload[]): string | undefined {
  if (file.status !== 'done' || !file.upload) return STATUS_TEXT[file.status];
  const id = file.upload.inspectionId;
  return inspectionText(latest.find((u) => u.inspectionId === id) ?? file.upload);
}

/** Each file with its progress in words ("1.6 KB / 3.2 MB"; downloads keep MB, spec §9) and, when refused, the server's reason. */
export function UploadProgressList({ files, latest }: UploadProgressListProps) {
  if (!files.length) return null;
  return (
    <ul aria-label="Files being uploaded" style={{ listStyle: 'none', padding: 0 }}>
      {files.map((file) => {
        const text = lineText(file, latest);
        return (
          <li key={file.key} data-testid="upload-file" data-status={file.status} style={{ margin: '12px 0' }}>
            <strong>{file.name}</strong>{' '}
            <span className={Classes.TEXT_MUTED}>
              {formatSize(file.status === 'error' ? 0 : file.loaded)} / {formatSize(file.size)}
            </span>
            {file.status === 'uploading' && (
              <ProgressBar value={file.size ? file.loaded / file.size : 0} intent={Intent.PRIMARY} animate stripes />
            )}
            {file.status === 'error' ? (
              <Callout intent={Intent.DANGER} compact>
                {file.error}
              </Callout>
            ) : (
              text && <div className={Classes.TEXT_MUTED}>{text}</div>
            )}
          </li>
        );
      })}
    </ul>
  );
}
