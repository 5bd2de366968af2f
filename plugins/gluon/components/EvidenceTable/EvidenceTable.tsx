import { Button, Callout, Classes, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import type { Evidence } from '../../api/types';

/** Longest reason the API takes (POST /findings/{id}/falsePositive); longer is refused with a 400. */
export const MAX_REASON_LENGTH = 2000;

/**
 * EvidenceTableProps: the incident's findings; `onFalsePositive` is given when the user may triage,
 * and rejects with an Error whose message is shown.
 */
export interface EvidenceTableProps {
  evidence: readonly Evidence[];
  onFalsePositive?: (findingId: string, reason: string) => Promise<void>;
}

/** Each finding's evidence: the file and line, the record as written, the indicator and its rule-set version. */
export function EvidenceTable({ evidence, onFalsePositive }: EvidenceTableProps) {
  const formatDate = useDateTimeFormatter();
  const [marking, setMarking] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mark = (id: string | null) => {
    setMarking(id);
    setError(null);
  };
  const submit = async (id: string) => {
    if (!onFalsePositive || !reason.trim()) return;
    setBusy(true);
    setError(null);
    try {
      await onFalsePositive(id, reason.trim());
      setMarking(null);
      setReason('');
    } catch (failure) {
      // The form stays open with the reason, so the user can shorten or fix it and confirm again.
      setError(failure instanceof Error ? failure.message : 'The finding was not marked a false positive.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <HTMLTable compact striped style={{ width: '100%' }} aria-label="Evidence">
      <thead>
        <tr>
          <th>Seen</th>
          <th>Observed</th>
          <th>Source</th>
          <th>Indicator</th>
          <th>Rule set</th>
          <th />
        </tr>
      </thead>
      <tbody>
        {evidence.map((f) => (
          <tr key={f.id} data-testid="evidence-row" data-suppressed={f.suppressed}>
            <td>{f.observedAt ? formatDate(f.observedAt) : formatDate(f.createdAt)}</td>
            <td>
              <div>
                {f.kind}: <code>{f.value}</code>
              </div>
              {f.raw && <div className={Classes.TEXT_MUTED}>{f.raw}</div>}
            </td>
            <td>
              {f.source.split('/').pop()}
              {f.line !== null && `:${f.line}`}
            </td>
            <td>
              <code>{f.pattern}</code>
              <div className={Classes.TEXT_MUTED}>
                {f.indicatorId} ({f.route})
              </div>
            </td>
            <td>
              {f.ruleSetName} {f.ruleSetVersion}
            </td>
            <td>
              {f.suppressed ? (
                <Tag minimal title={f.suppressionReason ?? ''}>
                  False positive
                </Tag>
              ) : onFalsePositive && marking === f.id ? (
                <form
                  onSubmit={(event) => {
                    event.preventDefault();
                    void submit(f.id);
                  }}
                >
                  <InputGroup size="small" autoFocus placeholder="Reason" aria-label="Reason" maxLength={MAX_REASON_LENGTH} value={reason} onValueChange={setReason} />
                  <Button size="small" type="submit" intent="primary" text="Confirm" disabled={!reason.trim() || busy} />
                  <Button size="small" variant="minimal" text="Cancel" onClick={() => mark(null)} />
                  {error && (
                    <Callout compact intent={Intent.DANGER} role="alert">
                      {error}
                    </Callout>
                  )}
                </form>
              ) : (
                onFalsePositive && <Button size="small" text="Mark false positive" onClick={() => mark(f.id)} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
