import { useCallback, useEffect, useState } from 'react';

import { readCallFailure } from '@core/http/callFailure';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import {
  type CreatedLink,
  GluonApiToken,
  type InstallerOs,
  type LinkPage,
  type LinkQuery,
  type LinkSort,
} from '../api/GluonApi';
import { callMessage } from '../logic/linkForm';
import { gluonKeys } from './gluonKeys';

export const LINKS_PAGE_SIZE = 20;
const SORTS: readonly LinkSort[] = ['createdAt', 'name', 'installs', 'expiresAt'];
/** How long the filter waits after the last keystroke before it asks the server. */
const FILTER_DEBOUNCE_MS = 250;

const INSTALLER_FAILED = 'The installer could not be downloaded.';

const OS_LABELS: Record<InstallerOs, string> = { WIN: 'Windows', MAC: 'macOS' };

/** An installer download the user started: preparing (the downloads panel counts its bytes), then saved or failed. */
export interface InstallerDownload {
  linkId: string;
  os: InstallerOs;
  phase: 'preparing' | 'done' | 'failed';
  line: string;
}

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
  const api = useService(GluonApiToken);
  const nav = useService(NavigationServiceToken);
  const search = new URLSearchParams(useObservable(nav.search$, nav.search()));
  const filter = search.get('filter') ?? '';
  const page = Math.max(0, Number.parseInt(search.get('page') ?? '0', 10) || 0);
  const sortParam = search.get('sort') ?? '';
  const sort = (SORTS as readonly string[]).includes(sortParam) ? (sortParam as LinkSort) : undefined;
  const orderParam = search.get('order');
  const order = orderParam === 'asc' || orderParam === 'desc' ? orderParam : undefined;

  const [typed, setTyped] = useState(filter);
  const [shared, setShared] = useState<SharedLink | null>(null);
  const toasts = useService(ToastServiceToken);
  const [download, setDownload] = useState<InstallerDownload | null>(null);
  // The last action's failure, shown over the list it failed on: the list's next answer hides it.
  const [failure, setFailure] = useState<{ text: string; over: LinkPage | null } | null>(null);

  const query: LinkQuery = { page, size: LINKS_PAGE_SIZE, filter: filter || undefined, sort, order };
  const links = useLoader(canRead ? gluonKeys.linkPage(query) : null, () => api.getCollectorLinks(query), {
    describe: callMessage,
  });
  const { data } = links;
  const fail = (text: string) => setFailure({ text, over: data });

  const toggling = useMutation((id: string, active: boolean) => api.setCollectorLinkActive(id, active), {
    describe: callMessage,
    invalidates: [gluonKeys.links],
  });
  const minting = useMutation((os: InstallerOs) => api.createQuickLink(os), {
    describe: callMessage,
    onSuccess: (url, os) =>
      setShared({ label: `Quick link for ${os === 'WIN' ? 'Windows' : 'macOS'} (valid 7 days)`, url }),
  });

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

  return {
    filter,
    page,
    sort,
    order,
    typed,
    setTyped,
    data,
    error: (failure && failure.over === data ? failure.text : null) ?? links.error,
    shared,
    /** A link is being disabled or enabled: one change at a time. */
    busy: toggling.pending,
    lastPage: data ? Math.max(0, Math.ceil(data.total / LINKS_PAGE_SIZE) - 1) : 0,
    setPage: (next: number) => setQuery({ page: next ? String(next) : '' }),
    /** Sorts by `column`, ascending first; the same column again flips the order. */
    sortBy: (column: LinkSort) =>
      setQuery({ sort: column, order: sort === column && order !== 'desc' ? 'desc' : 'asc', page: '' }),
    /** Disables or enables a link; the list loads again (the link's status changed). */
    async toggle(id: string, active: boolean) {
      if (toggling.pending) return;
      const result = await toggling.run(id, active);
      if (!result.ok) fail(result.error);
    },
    /** A one-OS quick link, valid 7 days, shown once. */
    async quick(os: InstallerOs) {
      const result = await minting.run(os);
      if (!result.ok) fail(result.error);
    },
    /**
     * The link's installer for one OS ('enterprise installer'). Offered whatever the link's state:
     * an administrator deploying a disabled or expired link still needs it, and the server decides.
     * The downloads panel marks a failure; the API's reason (a Blob, as the answer was to be a
     * file) shows above the list, except for 5xx whose text says nothing the user can act on.
     */
    async installer(id: string, os: InstallerOs) {
      if (download?.phase === 'preparing') return;
      const name = data?.items.find((l) => l.id === id)?.name;
      const what = `The ${OS_LABELS[os]} installer${name ? ` of ${name}` : ''}`;
      // The button no longer just greys; the line says what runs and how it ended.
      setDownload({
        linkId: id,
        os,
        phase: 'preparing',
        line: `Preparing ${what.charAt(0).toLowerCase()}${what.slice(1)}…`,
      });
      try {
        await api.downloadLinkInstaller(id, os);
        const line = `${what} was saved to your downloads.`;
        setDownload({ linkId: id, os, phase: 'done', line });
        toasts.success('Installer downloaded', line);
      } catch (e) {
        const { status, message } = await readCallFailure(e);
        const text = message && status < 500 ? message : INSTALLER_FAILED;
        fail(text);
        setDownload({ linkId: id, os, phase: 'failed', line: `${what} could not be downloaded.` });
        toasts.error('Installer not downloaded', text);
      }
    },
    /** The installer download started here, to show in place (null before the first). */
    download,
    /** A link the form created: shown once (the form's mutation made the list load again). */
    created({ link, url }: CreatedLink) {
      setShared({ label: `Link ${link.name ?? ''} created: copy it now, it is shown only once`, url });
    },
  };
}
