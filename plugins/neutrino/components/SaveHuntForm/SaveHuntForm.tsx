import { Button, Callout, ControlGroup, InputGroup, Intent } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';

import type { MutationResult } from '@core/react/useMutation';

/**
 * A name and a button: by default Save, the hunt (or sweep) then runs on every new inspection and
 * daily. The field is labelled by what it names (a hunt, a sweep, a rule set).
 */
export function SaveHuntForm({
  onSave,
  label = 'Save hunt',
  fieldLabel = 'Hunt name',
  placeholder = 'Name, e.g. helperd anywhere',
  saved = 'Saved: it runs again on every new inspection (see Saved hunts).',
}: {
  onSave(name: string): Promise<MutationResult<unknown>>;
  label?: string;
  fieldLabel?: string;
  placeholder?: string;
  saved?: string | null;
}) {
  // Kept here: the form restarts after a save, which clears final-form's own submitSucceeded.
  const [done, setDone] = useState(false);
  return (
    <Form<{ name?: string }>
      onSubmit={async (values, form) => {
        setDone(false);
        const result = await onSave(values.name!.trim());
        if (!result.ok) return { [FORM_ERROR]: result.error };
        setDone(true);
        form.restart();
        return undefined;
      }}
      validate={(values) => (values.name?.trim() ? {} : { name: 'Name it.' })}
      subscription={{ submitting: true, submitError: true, invalid: true }}
    >
      {({ handleSubmit, submitting, submitError, invalid }) => (
        <form aria-label={label} onSubmit={handleSubmit} className="neutrino-save">
          <ControlGroup>
            <Field<string> name="name">
              {({ input }) => <InputGroup aria-label={fieldLabel} placeholder={placeholder} {...input} />}
            </Field>
            <Button type="submit" text={label} disabled={submitting || invalid} />
          </ControlGroup>
          {submitError && <Callout intent={Intent.DANGER}>{submitError}</Callout>}
          {done && !submitError && saved && <Callout intent={Intent.SUCCESS}>{saved}</Callout>}
        </form>
      )}
    </Form>
  );
}
