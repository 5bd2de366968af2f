import { useCallback, useRef, useState } from 'react';

import { acceptedUploadName } from '@common/gluon/uploadName';
import { errorText } from '@core/http/errorText';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';

import { GluonApiToken, type Upload, type UploadFile } from '../api/GluonApi';
import { gluonKeys } from './gluonKeys';

export type QueuedStatus = 'waiting' | 'uploading' | 'done' | 'duplicate' | 'error';

export interface QueuedFile {
  key: string;
  name: string;
  size: number;
  loaded: number;
  status: QueuedStatus;
  error: string | null;
  upload: Upload | null;
}

export const ACCEPTED_HINT =
  'Sysdiagnose archives (.tar.gz, .tgz, .tar), crash and diagnostic reports (.ips), shutdown.log, ps.txt, iPhone backups (the backup folder as .zip or .tar), Android acquisitions (AndroidQF or bugreport .zip)';

/**
 * Uploads dropped or picked files one after the other, each with its own progress and error, and
 * calls `onUploaded` after each accepted file; each invalidates the uploads and devices lists.
 */
export function useUploadQueue(onUploaded: () => void): {
  files: QueuedFile[];
  /** `backupPassword` goes with these files only (an encrypted iPhone backup's); it is dropped once they are sent. */
  add(files: ReadonlyArray<UploadFile>, backupPassword?: string): void;
  clearFinished(): void;
} {
  const api = useService(GluonApiToken);
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const queue = useRef<Array<{ key: string; file: UploadFile; backupPassword?: string }>>([]);
  const busy = useRef(false);
  const counter = useRef(0);
  const { run: send } = useMutation(
    (file: UploadFile, onProgress: (loaded: number) => void, backupPassword?: string) =>
      api.upload(file, onProgress, undefined, backupPassword ? { backupPassword } : {}),
    {
      describe: (failure) => errorText(failure, 'The upload failed.'),
      // Before the invalidation: the list shows page 0 when it loads again.
      onSuccess: () => onUploaded(),
      invalidates: [gluonKeys.uploads, gluonKeys.devices],
    },
  );

  const patch = (key: string, change: Partial<QueuedFile>) =>
    setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const pump = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { key, file, backupPassword } = next;
        patch(key, { status: 'uploading' });
        const sent = await send(file, (loaded) => patch(key, { loaded }), backupPassword);
        if (sent.ok)
          patch(key, {
            status: sent.value.duplicate ? 'duplicate' : 'done',
            loaded: file.size,
            upload: sent.value.upload,
          });
        else patch(key, { status: 'error', error: sent.error });
      }
    } finally {
      busy.current = false;
    }
  }, [send]);

  const add = useCallback(
    (picked: ReadonlyArray<UploadFile>, backupPassword?: string) => {
      const entries: QueuedFile[] = [];
      for (const file of picked) {
        const key = `f${counter.current++}`;
        // The API's own name rule: a wrong file is refused before it is sent.
        const accepted = acceptedUploadName(file.name);
        entries.push({
          key,
          name: file.name,
          size: file.size,
          loaded: 0,
          status: accepted ? 'waiting' : 'error',
          error: accepted ? null : `Not a file Gluon inspects. Accepted: ${ACCEPTED_HINT}.`,
          upload: null,
        });
        if (accepted) queue.current.push({ key, file, ...(backupPassword ? { backupPassword } : {}) });
      }
      setFiles((list) => [...list, ...entries]);
      void pump();
    },
    [pump],
  );

  const clearFinished = useCallback(
    () => setFiles((list) => list.filter((f) => f.status === 'waiting' || f.status === 'uploading')),
    [],
  );
  return { files, add, clearFinished };
}
