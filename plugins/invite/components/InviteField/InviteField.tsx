import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { Field } from 'react-final-form';

export interface InviteFieldProps {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'email';
  autoComplete?: string;
  readOnly?: boolean;
  autoFocus?: boolean;
  /** Shown under the input while there is no error (e.g. the password hint). */
  hint?: ReactNode;
  /** The error to show, decided by the form (rules span two fields). */
  error?: string | null;
}

/** A labelled input bound to react-final-form; the form decides which error shows. */
export function InviteField({ name, label, type = 'text', autoComplete, readOnly, autoFocus, hint, error }: InviteFieldProps) {
  const id = `invite-${name}`;
  return (
    <Field<string> name={name} parse={(value) => value ?? ''}>
      {({ input }) => (
        <FormGroup label={label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? hint}>
          <InputGroup
            id={id}
            {...input}
            type={type}
            autoComplete={autoComplete}
            readOnly={readOnly}
            maxLength={1024}
            autoFocus={autoFocus}
            intent={error ? Intent.DANGER : Intent.NONE}
            aria-invalid={error ? true : undefined}
          />
        </FormGroup>
      )}
    </Field>
  );
}
