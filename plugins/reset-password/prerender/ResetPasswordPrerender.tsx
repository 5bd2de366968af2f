import { ValidatingView } from '../components/ValidatingView/ValidatingView';

/**
 * `/resetPassword/{id}` as the document carries it (scripts/lib/prerender.mjs): the spinner of
 * the page's first state, painted while the script and the link's check load together; the live
 * page's first render is the same markup and replaces it.
 */
export function ResetPasswordPrerender() {
  return <ValidatingView />;
}
