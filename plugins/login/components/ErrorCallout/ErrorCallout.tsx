import { Callout, Intent } from '@blueprintjs/core';

export interface ErrorCalloutProps {
  /** Bold first line, e.g. 'Access Denied'; omitted for plain messages. */
  title?: string | null;
  /** The error text; nothing renders when it is empty. */
  message?: string | null;
}

/** The danger Callout a step shows above its form. */
export function ErrorCallout({ title, message }: ErrorCalloutProps) {
  if (!title && !message) return null;
  return (
    <Callout intent={Intent.DANGER} title={title ?? undefined} role="alert" className="login-callout">
      {message}
    </Callout>
  );
}
