import { useCallback, useEffect, useState } from 'react';
import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { readCallFailure } from '@core/http/callFailure';
import { HttpServiceToken } from '@core/http/HttpService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';
import { getCollectorLinks } from '../api/getCollectorLinks';
import { getLinkInstaller } from '../api/getLinkInstaller';
import { patchCollectorLink } from '../api/patchCollectorLink';
import { postQuickLink } from '../api/postQuickLink';
import type { CollectorLink, InstallerOs, LinkPage, LinkSort } from '../api/types';
import { callMessage } from '../linkForm';

export const LINKS_PAGE_SIZE = 20;
const SORTS: readonly LinkSort[] = ['createdAt', 'name', 'installs', 'expiresAt'];
/** How long the filter waits after the last keystroke before it asks the server. */
const FILTER_DEBOUNCE_MS = 250;

const INSTALLER_FAILED = 'The installer could not be downloaded.';

/** A link address to show once, with what it is. */
export interface SharedLink {
  label: string;
  url: string;
}

/**
 * The collector links screen's state and actions. Filter, page and sort live in the query string
 * (a reload or a shared address shows the same list); the server filters, sorts and pages.
 * `canRead`: without it nothing is asked.
 */
export function useCollectorLinks(canRead: boolean) {
  const http = useService(HttpServiceToken);
  const downloads = useService(DownloadServiceToken);
  const nav = useService(NavigationServiceToken);
  const search = new URLSearchParams(useObservable(nav.search$, nav.search()));
  const filter = search.get('filter') ?? '';
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const sortParam = search.get('sort') ?? '';
  const sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as LinkSort) : undefined;
  const orderParam = search.get('order');
  const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : undefined;

  const [typed, setTyped] = useState(filter);
  const [data, setData] = useState<LinkPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [tick, setTick] = useState(0);
  const [shared, setShared] = useState<SharedLink | null>(null);
  const [busyId, setBusyId] = useState<string | null>(null);

  const setQuery = useCallback(
    (patch: Record<string, string>) => {
      const next = new URLSearchParams(nav.search());
      for (const [k, v] of Object.entries(patch)) {
        if (v) next.set(k, v);
        else next.delete(k);
      }
      const q = next.toString();
      nav.navigate(`/gluon/collector-links${q ? `?${q}` : ''}`, { replace: true });
    },
    [nav],
  );

  // The typed filter reaches the query string (and the server) once typing pauses.
  useEffect(() => {
    if (typed.trim() === filter) return;
    const timer = setTimeout(() => setQuery({ filter: typed.trim(), page: '' }), FILTER_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed, filter, setQuery]);

  useEffect(() => {
    if (!canRead) return;
    let live = true;
    getCollectorLinks(http, { page, size: LINKS_PAGE_SIZE, filter: filter || undefined, sort, order }).then(
      (answer) => live && (setData(answer), setError(null)),
      (e: unknown) => live && setError(callMessage(e)),
    );
    return () => {
      live = false;
    };
  }, [http, canRead, page, filter, sort, order, tick]);

  const reload = () => setTick((t) => t + 1);
  return {
    filter,
    page,
    sort,
    order,
    typed,
    setTyped,
    data,
    error,
    shared,
    busyId,
    lastPage: data ? Math.max(0, Math.ceil(data.total / LINKS_PAGE_SIZE) - 1) : 0,
    setPage: (next: number) => setQuery({ page: next ? String(next) : '' }),
    /** Sorts by `column`, ascending first; the same column again flips the order. */
    sortBy: (column: LinkSort) => setQuery({ sort: column, order: sort === column && order !== 'desc' ? 'desc' : 'asc', page: '' }),
    /** Disables or enables a link; one change at a time. */
    async toggle(id: string, active: boolean) {
      if (busyId) return;
      setBusyId(id);
      try {
        await patchCollectorLink(http, id, { active });
        reload();
      } catch (e) {
        setError(callMessage(e));
      } finally {
        setBusyId(null);
      }
    },
    /** A one-OS quick link, valid 7 days, shown once. */
    async quick(os: 'WIN' | 'MAC') {
      try {
        setShared({ label: `Quick link for ${os === 'WIN' ? 'Windows' : 'macOS'} (valid 7 days)`, url: await postQuickLink(http, os) });
      } catch (e) {
        setError(callMessage(e));
      }
    },
    /**
     * The link's installer for one OS ('enterprise installer'). Offered whatever the link's state:
     * an administrator deploying a disabled or expired link still needs it, and the server decides.
     * The downloads panel marks a failure; the API's reason (a Blob, as the answer was to be a
     * file) shows above the list, except for 5xx whose text says nothing the user can act on.
     */
    async installer(id: string, os: InstallerOs) {
      try {
        await getLinkInstaller(downloads, id, os);
      } catch (e) {
        const { status, message } = await readCallFailure(e);
        setError(message && status < 500 ? message : INSTALLER_FAILED);
      }
    },
    /** A link the form created: shown once, and the list reloads with it. */
    created({ link, url }: { link: CollectorLink; url: string }) {
      setShared({ label: `Link ${link.name ?? ''} created: copy it now, it is shown only once`, url });
      reload();
    },
  };
}
