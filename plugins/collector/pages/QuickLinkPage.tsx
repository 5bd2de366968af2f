import './CollectorPage.css';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';

import { CollectorLayout } from '../components/CollectorLayout/CollectorLayout';
import { QuickDownloadView } from '../components/QuickDownloadView/QuickDownloadView';

/** `/collector/quick?tokenquick=…`: the quick-link screen. */
export default function QuickLinkPage(_props: PageProps) {
  const nav = useService(NavigationServiceToken);
  const search = useObservable(nav.search$, nav.search());
  return (
    <CollectorLayout>
      <QuickDownloadView token={new URLSearchParams(search).get('tokenquick')} />
    </CollectorLayout>
  );
}
