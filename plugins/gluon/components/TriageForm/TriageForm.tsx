import { Button, Callout, FormGroup, HTMLSelect, Intent, TextArea } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';

import type { MutationResult } from '@core/react/useMutation';

import type { IncidentState, TriageChange } from '../../api/GluonApi';

export const TRIAGE_STATES: ReadonlyArray<[IncidentState, string]> = [
  ['open', 'Open'],
  ['confirmed', 'Confirmed'],
  ['benign', 'Benign'],
  ['false_positive', 'False positive'],
];

/** TriageFormProps: the incident's current state; `onSave` sends the new state and the comment (required). */
export interface TriageFormProps {
  state: IncidentState;
  onSave(change: TriageChange): Promise<MutationResult<unknown>>;
}

interface TriageValues {
  state: IncidentState;
  comment?: string;
}

const OPTIONS = TRIAGE_STATES.map(([value, label]) => ({ value, label }));
const required = (value: string | undefined) => (value?.trim() ? undefined : 'A comment is required.');

/** Triage: a state and a comment; the author and time go to the timeline and the audit log. */
export function TriageForm({ state, onSave }: TriageFormProps) {
  return (
    <Form<TriageValues>
      initialValues={{ state: state === 'open' ? 'confirmed' : state }}
      onSubmit={async (values, form) => {
        const saved = await onSave({ state: values.state, comment: values.comment?.trim() ?? '' });
        if (!saved.ok) return { [FORM_ERROR]: saved.error };
        form.restart();
        return undefined;
      }}
      subscription={{ submitting: true, submitError: true, invalid: true }}
    >
      {({ handleSubmit, submitting, submitError, invalid }) => (
        <form aria-label="Triage" onSubmit={handleSubmit}>
          <FormGroup label="New state" labelFor="triage-state">
            <Field<IncidentState> name="state">
              {({ input }) => (
                <HTMLSelect
                  id="triage-state"
                  name={input.name}
                  value={input.value}
                  onChange={input.onChange}
                  onBlur={input.onBlur}
                  onFocus={input.onFocus}
                  options={OPTIONS}
                />
              )}
            </Field>
          </FormGroup>
          <FormGroup label="Comment" labelFor="triage-comment">
            <Field<string> name="comment" validate={required}>
              {({ input }) => <TextArea id="triage-comment" fill {...input} />}
            </Field>
          </FormGroup>
          {submitError && <Callout intent={Intent.DANGER}>{submitError}</Callout>}
          {/* The comment's rule shows as the disabled button, as before: no message under the field. */}
          <Button type="submit" intent={Intent.PRIMARY} text="Save triage" disabled={submitting || invalid} />
        </form>
      )}
    </Form>
  );
}
