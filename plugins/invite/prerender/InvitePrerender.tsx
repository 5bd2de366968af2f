import { InviteLoading } from '../components/InviteLoading/InviteLoading';

/**
 * `/invite/{id}` as the document carries it (scripts/lib/prerender.mjs): the spinner of the
 * page's first state, painted while the script and the invitation's answer load together; the
 * live page's first render is the same markup and replaces it.
 */
export function InvitePrerender() {
  return <InviteLoading />;
}
