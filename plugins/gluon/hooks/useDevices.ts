import { useEffect, useState } from 'react';
import { useService } from '@core/react/useService';
import { useLoader } from '@core/react/useLoader';
import { GluonApiToken } from '../api/GluonApi';
import { errorMessage } from './errorMessage';
import { gluonKeys } from './gluonKeys';

export const DEVICES_PAGE_SIZE = 20;

/** The devices list: search (debounced, sent to the server) and paging. */
export function useDevices() {
  const api = useService(GluonApiToken);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  useEffect(() => {
    const timer = setTimeout(() => {
      setQuery(search);
      setPage(0);
    }, 300);
    return () => clearTimeout(timer);
  }, [search]);
  const devices = useLoader(gluonKeys.devicePage(query, page), () => api.getDevices({ page, size: DEVICES_PAGE_SIZE, search: query }), { describe: errorMessage });
  return { search, setSearch, page, setPage, devices };
}
