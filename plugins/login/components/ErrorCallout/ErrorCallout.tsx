import { lazy, Suspense } from 'react';

export interface ErrorCalloutProps {
  /** Bold first line, e.g. 'Access Denied'; omitted for plain messages. */
  title?: string | null;
  /** The error text; nothing renders when it is empty. */
  message?: string | null;
}

// Blueprint's Callout brings an icon for every intent; a plain visit to /login shows no error,
// so it is fetched the first time there is one (README, "Bundle weight").
const DangerCallout = lazy(() => import('./DangerCallout'));

/** The danger Callout a step shows above its form. */
export function ErrorCallout({ title, message }: ErrorCalloutProps) {
  if (!title && !message) return null;
  return (
    <Suspense fallback={null}>
      <DangerCallout title={title} message={message} />
    </Suspense>
  );
}
