import { useCallback, useRef, useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useService } from '@core/react/useService';
import { postUpload } from '../api/postUpload';
import type { Upload } from '../api/types';
import { errorMessage } from './errorMessage';

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

/** What the server inspects; checked here too so a wrong file is refused before it is sent. */
export function acceptedFileName(name: string): boolean {
  const lower = name.toLowerCase();
  return ['.tar.gz', '.tgz', '.tar', '.ips'].some((ext) => lower.endsWith(ext) && lower.length > ext.length) || name === 'shutdown.log' || name === 'ps.txt';
}

export const ACCEPTED_HINT = 'Sysdiagnose archives (.tar.gz, .tgz, .tar), crash and diagnostic reports (.ips), shutdown.log, ps.txt';

/**
 * Uploads dropped or picked files one after the other, each with its own progress and error, and
 * calls `onUploaded` after each accepted file (the recent uploads list reloads).
 */
export function useUploadQueue(onUploaded: () => void): { files: QueuedFile[]; add(files: ReadonlyArray<Blob & { name: string }>): void; clearFinished(): void } {
  const http = useService(HttpServiceToken);
  const [files, setFiles] = useState<QueuedFile[]>([]);
  const queue = useRef<Array<{ key: string; file: Blob & { name: string } }>>([]);
  const busy = useRef(false);
  const counter = useRef(0);
  const onUploadedRef = useRef(onUploaded);
  onUploadedRef.current = onUploaded;

  const patch = (key: string, change: Partial<QueuedFile>) => setFiles((list) => list.map((f) => (f.key === key ? { ...f, ...change } : f)));

  const pump = useCallback(async () => {
    if (busy.current) return;
    busy.current = true;
    try {
      for (let next = queue.current.shift(); next; next = queue.current.shift()) {
        const { key, file } = next;
        patch(key, { status: 'uploading' });
        try {
          const answer = await postUpload(http, file, (loaded) => patch(key, { loaded }));
          patch(key, { status: answer.duplicate ? 'duplicate' : 'done', loaded: file.size, upload: answer.upload });
          onUploadedRef.current();
        } catch (error) {
          patch(key, { status: 'error', error: errorMessage(error, 'The upload failed.') });
        }
      }
    } finally {
      busy.current = false;
    }
  }, [http]);

  const add = useCallback(
    (picked: ReadonlyArray<Blob & { name: string }>) => {
      const entries: QueuedFile[] = [];
      for (const file of picked) {
        const key = `f${counter.current++}`;
        const accepted = acceptedFileName(file.name);
        entries.push({ key, name: file.name, size: file.size, loaded: 0, status: accepted ? 'waiting' : 'error', error: accepted ? null : `Not a file Gluon inspects. Accepted: ${ACCEPTED_HINT}.`, upload: null });
        if (accepted) queue.current.push({ key, file });
      }
      setFiles((list) => [...list, ...entries]);
      void pump();
    },
    [pump],
  );

  const clearFinished = useCallback(() => setFiles((list) => list.filter((f) => f.status === 'waiting' || f.status === 'uploading')), []);
  return { files, add, clearFinished };
}
