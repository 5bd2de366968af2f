import { Classes } from '@blueprintjs/core';

import { CollectorTexts } from '../../logic/texts';

export interface WizardBreadcrumbsProps {
  step: 'details' | 'download';
  /** Step 1 is a link once the visitor is on step 2. */
  onBack(): void;
  /** While a download runs the visitor stays put. */
  backDisabled?: boolean;
}

/** "1 Enter Details › 2 Download the connector"; the current step is not a link. */
export function WizardBreadcrumbs({ step, onBack, backDisabled }: WizardBreadcrumbsProps) {
  return (
    <nav aria-label="Steps">
      <ol className={`${Classes.BREADCRUMBS} collector-breadcrumbs`}>
        <li>
          {step === 'download' ? (
            <a
              href="#"
              className={`${Classes.BREADCRUMB}${backDisabled ? ` ${Classes.DISABLED}` : ''}`}
              aria-disabled={backDisabled || undefined}
              onClick={(event) => {
                event.preventDefault();
                if (!backDisabled) onBack();
              }}
            >
              1. {CollectorTexts.stepDetails}
            </a>
          ) : (
            <span className={`${Classes.BREADCRUMB} ${Classes.BREADCRUMB_CURRENT}`} aria-current="step">
              1. {CollectorTexts.stepDetails}
            </span>
          )}
        </li>
        <li>
          <span
            className={`${Classes.BREADCRUMB}${step === 'download' ? ` ${Classes.BREADCRUMB_CURRENT}` : ''}`}
            aria-current={step === 'download' ? 'step' : undefined}
          >
            2. {CollectorTexts.stepDownload}
          </span>
        </li>
      </ol>
    </nav>
  );
}
