import { Callout, Classes, Intent, Spinner } from '@blueprintjs/core';

import { canDownload } from '../../flows/collectorReducer';
import type { CollectorWizard } from '../../flows/useCollectorWizard';
import { CollectorTexts } from '../../logic/texts';
import { DetailsForm } from '../DetailsForm/DetailsForm';
import { DownloadStep } from '../DownloadStep/DownloadStep';
import { WizardBreadcrumbs } from '../WizardBreadcrumbs/WizardBreadcrumbs';

/**
 * The two-step wizard for a state: the page drives it (useCollectorWizard); the document's copy
 * renders its first state (prerender/CollectorPrerender.tsx), the same markup.
 */
export function WizardView({ wizard }: { wizard: CollectorWizard }) {
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
