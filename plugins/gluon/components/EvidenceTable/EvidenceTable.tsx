import { Button, Classes, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { useState } from 'react';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import type { Evidence } from '../../api/types';

/** EvidenceTableProps: the incident's findings; `onFalsePositive` is given when the user may triage. */
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
  const submit = async (id: string) => {
    if (!onFalsePositive || !reason.trim()) return;
    setBusy(true);
    try {
      await onFalsePositive(id, reason.trim());
      setMarking(null);
      setReason('');
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
                  <InputGroup size="small" autoFocus placeholder="Reason" aria-label="Reason" value={reason} onValueChange={setReason} />
                  <Button size="small" type="submit" intent="primary" text="Confirm" disabled={!reason.trim() || busy} />
                  <Button size="small" variant="minimal" text="Cancel" onClick={() => setMarking(null)} />
                </form>
              ) : (
                onFalsePositive && <Button size="small" text="Mark false positive" onClick={() => setMarking(f.id)} />
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </HTMLTable>
  );
}
