import './CollectorPage.css';

import { Callout, Classes, Intent, Spinner } from '@blueprintjs/core';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';

import { CollectorApiToken } from '../api/CollectorApi';
import { CollectorLayout } from '../components/CollectorLayout/CollectorLayout';
import { DetailsForm } from '../components/DetailsForm/DetailsForm';
import { DownloadStep } from '../components/DownloadStep/DownloadStep';
import { QuickDownloadView } from '../components/QuickDownloadView/QuickDownloadView';
import { WizardBreadcrumbs } from '../components/WizardBreadcrumbs/WizardBreadcrumbs';
import { canDownload } from '../flows/collectorReducer';
import { useCollectorWizard } from '../flows/useCollectorWizard';
import { CollectorTexts } from '../logic/texts';

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
  const wizard = useCollectorWizard(useService(CollectorApiToken), linkId);
  const { link, step, details, os, download } = wizard.state;

  return (
    <>
      <WizardBreadcrumbs step={step} onBack={wizard.back} backDisabled={download.kind === 'running'} />
      {link.kind === 'validating' ? (
        <div className="collector-validating">
          <Spinner size={20} aria-label="Checking the link" />
          <span className={Classes.TEXT_MUTED}>{CollectorTexts.validating}</span>
        </div>
      ) : null}
      {link.kind === 'invalid' ? (
        <Callout intent={Intent.DANGER} role="alert" className="collector-callout">
          {link.message}
        </Callout>
      ) : null}
      {step === 'details' ? (
        <DetailsForm initialValues={details} enabled={link.kind === 'valid'} onContinue={wizard.submitDetails} />
      ) : (
        <DownloadStep
          fullName={details.fullName}
          os={os}
          onChooseOs={wizard.chooseOs}
          canDownload={canDownload(wizard.state)}
          downloading={download.kind === 'running'}
          error={download.kind === 'failed' ? download.message : null}
          downloaded={download.kind === 'done' ? download.os : null}
          onDownload={() => void wizard.download()}
        />
      )}
    </>
  );
}
