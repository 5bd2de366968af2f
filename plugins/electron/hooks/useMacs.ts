import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { listMacs, type MacList } from '../api/listMacs';
import { apiMessage } from '../logic/apiMessage';

const busy = (data: MacList | null) => data?.archives.some((a) => a.status === 'queued' || a.status === 'running');

/** The landing's Macs by risk and latest archives; reloads while an archive is being inspected. */
export function useMacs(): Loaded<MacList> {
  const api = useService(ApiClientToken);
  return useLoader('electron:macs', () => listMacs(api), {
    describe: apiMessage,
    refreshMs: (data) => (busy(data) ? 2000 : 0),
  });
}
