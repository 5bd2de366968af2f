import { Code } from '@blueprintjs/core';

/** An id (a session's, or of something since deleted): a machine value, read and copied whole. */
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** AuditTargetProps: one audit event's target. */
export interface AuditTargetProps {
  /** What the event was about, as recorded (an id, an e-mail, an OS); null when nothing. */
  target: string | null;
  /** The target's name when the API could resolve it (a user's e-mail, a device's name). */
  name: string | null;
}

/**
 * A named target shows its name (the recorded id in its tooltip); an unnamed id is shown as code,
 * which breaks anywhere in a narrow card rather than at its hyphens like a word; other text as written.
 */
export function AuditTarget({ target, name }: AuditTargetProps) {
  if (name) return <span title={target ?? undefined}>{name}</span>;
  if (target === null) return <>—</>;
  return ID.test(target) ? <Code>{target}</Code> : <>{target}</>;
}
