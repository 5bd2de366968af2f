import { CollectorLayout } from '../components/CollectorLayout/CollectorLayout';
import { WizardView } from '../components/WizardView/WizardView';
import { initialCollectorState } from '../flows/collectorReducer';
import type { CollectorWizard } from '../flows/useCollectorWizard';
import { defaultOs } from '../logic/os';

const idle = () => undefined;

/**
 * `/collector/{id}` as the document carries it (scripts/lib/prerender.mjs): the wizard's first
 * state (the link being checked, the details form disabled), painted while the script and the
 * link's check load together; the live page's first render is the same markup and replaces it.
 * The chosen system shows only on the second step, so the build's guess at it changes nothing.
 */
export function CollectorPrerender() {
  const wizard: CollectorWizard = {
    state: initialCollectorState(defaultOs()),
    submitDetails: idle,
    back: idle,
    chooseOs: idle,
    download: () => Promise.resolve(),
  };
  return (
    <CollectorLayout>
      <WizardView wizard={wizard} />
    </CollectorLayout>
  );
}
