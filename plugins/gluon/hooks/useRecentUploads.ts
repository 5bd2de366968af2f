import { useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useService } from '@core/react/useService';
import { getUploads } from '../api/getUploads';
import { useLoader } from './useLoader';

const POLL_MS = 1500;

/** Recent uploads, polled while one of them is queued or being inspected (the list survives a reload). */
export function useRecentUploads() {
  const http = useService(HttpServiceToken);
  const [page, setPage] = useState(0);
  const uploads = useLoader(String(page), () => getUploads(http, page), (data) => (data?.items.some((u) => u.status === 'queued' || u.status === 'running') ? POLL_MS : 0));
  return { uploads, setPage };
}
