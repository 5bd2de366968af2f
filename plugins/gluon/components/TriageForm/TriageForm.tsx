import { Button, Callout, FormGroup, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import { useState } from 'react';
import type { IncidentState } from '../../api/types';

export const TRIAGE_STATES: ReadonlyArray<[IncidentState, string]> = [
  ['open', 'Open'],
  ['confirmed', 'Confirmed'],
  ['benign', 'Benign'],
  ['false_positive', 'False positive'],
];

/** TriageFormProps: the incident's current state; `onSave` sends the new state and the comment (required). */
export interface TriageFormProps {
  state: IncidentState;
  onSave(change: { state: IncidentState; comment: string }): Promise<void>;
}

/** Triage: a state and a comment; the author and time go to the timeline and the audit log. */
export function TriageForm({ state, onSave }: TriageFormProps) {
  const [next, setNext] = useState<IncidentState>(state === 'open' ? 'confirmed' : state);
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const save = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSave({ state: next, comment: comment.trim() });
      setComment('');
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : 'The triage was not saved.');
    } finally {
      setBusy(false);
    }
  };
  return (
    <form
      aria-label="Triage"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <FormGroup label="New state" labelFor="triage-state">
        <HTMLSelect id="triage-state" value={next} onChange={(event) => setNext(event.target.value as IncidentState)} options={TRIAGE_STATES.map(([value, label]) => ({ value, label }))} />
      </FormGroup>
      <FormGroup label="Comment" labelFor="triage-comment">
        <TextArea id="triage-comment" fill value={comment} onChange={(event) => setComment(event.target.value)} />
      </FormGroup>
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      <Button type="submit" intent={Intent.PRIMARY} text="Save triage" disabled={busy || !comment.trim()} />
    </form>
  );
}
