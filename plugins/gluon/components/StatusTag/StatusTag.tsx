import { Intent, Tag } from '@blueprintjs/core';

const LABELS: Record<string, [string, Intent]> = {
  queued: ['Queued', Intent.NONE],
  running: ['Inspecting', Intent.PRIMARY],
  done: ['Done', Intent.SUCCESS],
  failed: ['Failed', Intent.DANGER],
  open: ['Open', Intent.DANGER],
  confirmed: ['Confirmed', Intent.DANGER],
  benign: ['Benign', Intent.SUCCESS],
  false_positive: ['False positive', Intent.NONE],
  high: ['High', Intent.DANGER],
  none: ['None', Intent.SUCCESS],
};

/** StatusTagProps: `status` is an inspection status, an incident state or a severity. */
export interface StatusTagProps {
  status: string;
}

/** One coloured word for a status, the same on every gluon page. */
export function StatusTag({ status }: StatusTagProps) {
  const [label, intent] = LABELS[status] ?? [status, Intent.NONE];
  return (
    <Tag minimal intent={intent} data-status={status}>
      {label}
    </Tag>
  );
}
