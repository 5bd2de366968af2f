import './CollectorPage.css';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';

import { CollectorApiToken } from '../api/CollectorApi';
import { CollectorLayout } from '../components/CollectorLayout/CollectorLayout';
import { QuickDownloadView } from '../components/QuickDownloadView/QuickDownloadView';
import { WizardView } from '../components/WizardView/WizardView';
import { useCollectorWizard } from '../flows/useCollectorWizard';

/** `/collector/{id}`: the two-step wizard, or the quick-link screen when `tokenquick` is given. */
export default function CollectorPage({ params }: PageProps) {
  const nav = useService(NavigationServiceToken);
  const search = useObservable(nav.search$, nav.search());
  const quickToken = new URLSearchParams(search).get('tokenquick');
  return (
    <CollectorLayout>
      {quickToken !== null ? <QuickDownloadView token={quickToken} /> : <Wizard linkId={params.id ?? ''} />}
    </CollectorLayout>
  );
}

function Wizard({ linkId }: { linkId: string }) {
  return <WizardView wizard={useCollectorWizard(useService(CollectorApiToken), linkId)} />;
}
