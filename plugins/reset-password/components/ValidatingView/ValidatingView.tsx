import { Classes, H1, Spinner } from '@blueprintjs/core';

import { PublicPage } from '@core/ui/PublicPage/PublicPage';

import { ResetTexts } from '../../logic/texts';

/**
 * The page while the link is checked: its first state, which the document also carries
 * (prerender/ResetPasswordPrerender.tsx), so the card paints before the script has run.
 */
export function ValidatingView() {
  return (
    <PublicPage width={400}>
      <H1 className={`reset-title ${Classes.HEADING}`}>{ResetTexts.title}</H1>
      <div className="reset-validating">
        <Spinner size={20} aria-label="Loading" />
        <span className={Classes.TEXT_MUTED}>{ResetTexts.validating}</span>
      </div>
    </PublicPage>
  );
}
