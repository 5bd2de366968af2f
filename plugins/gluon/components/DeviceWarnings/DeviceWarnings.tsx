import { Callout, Classes, Code, H4 } from '@blueprintjs/core';

import type { Heuristic, Inspection } from '../../api/GluonApi';

/** DeviceWarningsProps: the device's inspections, newest first. */
export interface DeviceWarningsProps {
  inspections: readonly Inspection[];
}

/** Where a record was read: the file and its line. */
const where = (source: string, line: number | null) => `${source}${line !== null ? `:${line}` : ''}`;

function Warning({ warning }: { warning: Heuristic }) {
  // Inspections stored before the Android heuristics carry neither.
  const evidence = warning.evidence ?? [];
  return (
    <Callout
      intent="warning"
      title={warning.message}
      data-testid="device-warning"
      style={{ marginBottom: 8, overflowWrap: 'anywhere' }}
    >
      {warning.why && (
        <p>
          <strong>Why it matters:</strong> {warning.why}
        </p>
      )}
      {evidence.length > 0 ? (
        <ul aria-label="Evidence" style={{ paddingLeft: 18, margin: 0 }}>
          {evidence.map((e, i) => (
            <li key={i}>
              <span className={Classes.TEXT_MUTED}>{e.kind}</span> {e.value}{' '}
              <span className={Classes.TEXT_MUTED}>in {where(e.source, e.line)}</span>
              {e.raw && e.raw !== e.value && (
                <div>
                  <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{e.raw}</Code>
                </div>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={Classes.TEXT_MUTED}>Read in {where(warning.source, warning.line)}.</p>
      )}
    </Callout>
  );
}

/**
 * Heuristic warnings of the device's latest inspection of a file (a rescan reads no file): what the
 * device's state suggests beside the indicators' findings, each with its evidence and why it matters.
 */
export function DeviceWarnings({ inspections }: DeviceWarningsProps) {
  const latest = inspections.find((n) => n.origin !== 'rescan' && n.status === 'done');
  if (!latest?.heuristics.length) return null;
  return (
    <section aria-label="Warnings" style={{ marginTop: 16 }}>
      <H4>Warnings ({latest.heuristics.length})</H4>
      {latest.heuristics.map((h, i) => (
        <Warning key={i} warning={h} />
      ))}
    </section>
  );
}
