import './EvidenceTable.css';

import { Button, Callout, Classes, HTMLTable, InputGroup, Intent, Tag } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useVersionFormatter } from '@core/locale/useVersionFormatter';
import type { MutationResult } from '@core/react/useMutation';
import { BreakableText } from '@core/ui/BreakableText/BreakableText';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { Evidence } from '../../api/GluonApi';
import { GluonLink } from '../GluonLink/GluonLink';

/** Longest reason the API takes (POST /findings/{id}/falsePositive); longer is refused with a 400. */
export const MAX_REASON_LENGTH = 2000;

/**
 * EvidenceTableProps: the incident's findings; `onFalsePositive` is given when the user may triage,
 * and resolves the failure's line to show, if any.
 */
export interface EvidenceTableProps {
  evidence: readonly Evidence[];
  onFalsePositive?: (findingId: string, reason: string) => Promise<MutationResult<unknown>>;
  /** Given with `onFalsePositive`: lifts a finding's false positive, resolving the failure's line to show, if any. */
  onUndoFalsePositive?: (findingId: string) => Promise<MutationResult<unknown>>;
  /** Given when the user may hunt (neutrino): the in-app path of the fleet view of a finding's observed value. */
  otherDevicesPath?: (finding: Evidence) => string;
}

const required = (value: string | undefined) => (value?.trim() ? undefined : 'A reason is required.');

/** The reason asked before a finding is marked a false positive; a refusal shows by the form, which keeps the reason to fix. */
function ReasonForm({
  onConfirm,
  onCancel,
}: {
  onConfirm(reason: string): Promise<MutationResult<unknown>>;
  onCancel(): void;
}) {
  return (
    <Form<{ reason?: string }>
      onSubmit={async ({ reason }) => {
        const marked = await onConfirm(reason?.trim() ?? '');
        return marked.ok ? undefined : { [FORM_ERROR]: marked.error };
      }}
      subscription={{ submitting: true, submitError: true, invalid: true }}
    >
      {({ handleSubmit, submitting, submitError, invalid }) => (
        <form className="gluon-reason-form" onSubmit={handleSubmit}>
          <Field<string> name="reason" validate={required}>
            {({ input }) => (
              <InputGroup
                size="small"
                fill
                autoFocus
                placeholder="Reason"
                aria-label="Reason"
                maxLength={MAX_REASON_LENGTH}
                {...input}
              />
            )}
          </Field>
          <div className="gluon-reason-buttons">
            <Button size="small" type="submit" intent="primary" text="Confirm" disabled={invalid || submitting} />
            <Button size="small" variant="minimal" text="Cancel" onClick={onCancel} />
          </div>
          {submitError && (
            <Callout compact intent={Intent.DANGER} role="alert">
              {submitError}
            </Callout>
          )}
        </form>
      )}
    </Form>
  );
}

/** Each finding's evidence: the file and line, the record as written, the indicator and its rule-set version. */
export function EvidenceTable({
  evidence,
  onFalsePositive,
  onUndoFalsePositive,
  otherDevicesPath,
}: EvidenceTableProps) {
  const formatDate = useDateTimeFormatter();
  const formatVersion = useVersionFormatter();
  const [marking, setMarking] = useState<string | null>(null);
  const [undoing, setUndoing] = useState<{ id: string; error: string | null } | null>(null);
  const undo = async (findingId: string) => {
    if (!onUndoFalsePositive) return;
    setUndoing({ id: findingId, error: null });
    const undone = await onUndoFalsePositive(findingId);
    setUndoing(undone.ok ? null : { id: findingId, error: undone.error });
  };
  return (
    <TableScroll label="Evidence">
      <HTMLTable compact striped className="gluon-evidence-table" aria-label="Evidence">
        <thead>
          <tr>
            <th>Seen</th>
            <th>Observed</th>
            <th>Source</th>
            <th>Indicator</th>
            <th>Rule set</th>
            <th>Action</th>
          </tr>
        </thead>
        <tbody>
          {evidence.map((f) => (
            <tr key={f.id} data-testid="evidence-row" data-suppressed={f.suppressed}>
              <td>{f.observedAt ? formatDate(f.observedAt) : formatDate(f.createdAt)}</td>
              <td>
                <div>
                  {f.kind}:{' '}
                  <code>
                    <BreakableText>{f.value}</BreakableText>
                  </code>
                </div>
                {f.raw && (
                  <div className={Classes.TEXT_MUTED}>
                    <BreakableText>{f.raw}</BreakableText>
                  </div>
                )}
              </td>
              <td>
                <BreakableText>{`${f.source.split('/').pop() ?? ''}${f.line !== null ? `:${f.line}` : ''}`}</BreakableText>
              </td>
              <td>
                <code>
                  <BreakableText>{f.pattern}</BreakableText>
                </code>
                <div className={Classes.TEXT_MUTED}>
                  <BreakableText>{`${f.indicatorId} (${f.route})`}</BreakableText>
                </div>
                {otherDevicesPath && (
                  <div>
                    <GluonLink to={otherDevicesPath(f)}>Other devices with this indicator</GluonLink>
                  </div>
                )}
              </td>
              <td>
                {f.ruleSetName} {formatVersion(f.ruleSetVersion)}
              </td>
              <td className="gluon-evidence-action">
                {f.suppressed ? (
                  <div className="gluon-false-positive">
                    <Tag minimal title={f.suppressionReason ?? ''}>
                      False positive
                    </Tag>
                    {onUndoFalsePositive && (
                      <Button
                        size="small"
                        variant="minimal"
                        text="Undo"
                        aria-label="Undo false positive"
                        // The suppression is per value, not per device: undoing it says so before the click.
                        title="The value counts again on every device"
                        loading={undoing?.id === f.id && undoing.error === null}
                        onClick={() => void undo(f.id)}
                      />
                    )}
                    {undoing?.id === f.id && undoing.error && (
                      <Callout compact intent={Intent.DANGER} role="alert">
                        {undoing.error}
                      </Callout>
                    )}
                  </div>
                ) : onFalsePositive && marking === f.id ? (
                  <ReasonForm
                    onConfirm={async (reason) => {
                      const marked = await onFalsePositive(f.id, reason);
                      if (marked.ok) setMarking(null);
                      return marked;
                    }}
                    onCancel={() => setMarking(null)}
                  />
                ) : (
                  onFalsePositive && <Button size="small" text="Mark false positive" onClick={() => setMarking(f.id)} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
