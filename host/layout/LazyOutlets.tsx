import { type ComponentType, Suspense, useEffect, useState } from 'react';
import type { Observable } from 'rxjs';

import { DownloadServiceToken } from '@core/downloads/DownloadService';
import { ModalServiceToken } from '@core/modals/ModalService';
import { useService } from '@core/react';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { lazyComponent } from '../routing/lazyComponent';

// Outlets pull in Blueprint's overlay, toaster and dialog code. Most pages never show one, so
// each is fetched the first time its service has something to show, then stays mounted.
const loadToasts = () => import('@core/toasts/ToastOutlet').then((m) => ({ default: m.ToastOutlet }));
const loadModals = () => import('@core/modals/ModalOutlet').then((m) => ({ default: m.ModalOutlet }));
const loadDownloads = () => import('@core/downloads/DownloadsOutlet').then((m) => ({ default: m.DownloadsOutlet }));

function useBecameNonEmpty(items$: Observable<readonly unknown[]>): boolean {
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (needed) return undefined;
    const subscription = items$.subscribe((items) => {
      if (items.length > 0) setNeeded(true);
    });
    return () => subscription.unsubscribe();
  }, [items$, needed]);
  return needed;
}

function OnDemand({
  items$,
  load,
}: {
  items$: Observable<readonly unknown[]>;
  load: () => Promise<{ default: ComponentType }>;
}) {
  const needed = useBecameNonEmpty(items$);
  if (!needed) return null;
  const Outlet = lazyComponent(load);
  return (
    <Suspense fallback={null}>
      <Outlet />
    </Suspense>
  );
}

/** Toasts, modals and downloads, each loaded on first use. */
export function LazyOutlets() {
  const toasts = useService(ToastServiceToken);
  const modals = useService(ModalServiceToken);
  const downloads = useService(DownloadServiceToken);
  return (
    <>
      <OnDemand items$={toasts.toasts$} load={loadToasts} />
      <OnDemand items$={modals.modals$} load={loadModals} />
      <OnDemand items$={downloads.items$} load={loadDownloads} />
    </>
  );
}
