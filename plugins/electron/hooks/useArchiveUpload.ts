import { useState } from 'react';

import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { type ArchiveList, listArchives } from '../api/listArchives';
import { uploadArchive } from '../api/uploadArchive';
import { apiMessage } from '../logic/apiMessage';

export interface ArchiveUpload {
  archives: Loaded<ArchiveList>;
  sending: boolean;
  error: string | null;
  /** Whether the archive was taken (the page then clears its field for the next one). */
  send(file: Blob & { name: string }): Promise<boolean>;
}

const busy = (data: ArchiveList | null) => data?.items.some((a) => a.status === 'queued' || a.status === 'running');

/** The upload page: sends one archive, then follows the archives' inspections to their end. */
export function useArchiveUpload(): ArchiveUpload {
  const api = useService(ApiClientToken);
  const [sending, setSending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const archives = useLoader('electron:archives', () => listArchives(api), {
    describe: apiMessage,
    refreshMs: (data) => (busy(data) ? 1000 : 0),
  });
  return {
    archives,
    sending,
    error,
    async send(file) {
      setSending(true);
      setError(null);
      try {
        await uploadArchive(api, file);
        archives.reload();
        return true;
      } catch (failure) {
        setError(apiMessage(failure));
        return false;
      } finally {
        setSending(false);
      }
    },
  };
}
