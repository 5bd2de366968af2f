import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ReactElement } from 'react';
import { Field } from 'react-final-form';
import type { Validator } from '../../logic/validators';

export interface TextFieldProps {
  /** final-form field name. */
  name: string;
  /** Visible label, also the accessible name of the input. */
  label: string;
  /** Input type; 'text' by default. */
  type?: 'text' | 'password' | 'email';
  /** Field-level validator answering the error text. */
  validate?: Validator;
  /** Normalises what is typed (e.g. digits only) before it reaches the form state. */
  parse?: (value: string) => string;
  /** Mobile keyboards: 'numeric' for code fields. */
  inputMode?: 'text' | 'numeric' | 'email';
  /** Browser autofill hint. */
  autoComplete?: string;
  /** Maximum characters the input accepts. */
  maxLength?: number;
  /** Shown greyed out and not editable. */
  disabled?: boolean;
  /** Focus the input when the step opens. */
  autoFocus?: boolean;
  /** Icon component shown at the start of the input. */
  leftIcon?: ReactElement;
  /** Extra error (e.g. from the server) shown when the field has none of its own. */
  externalError?: string | null;
}

/** A Blueprint FormGroup + InputGroup bound to react-final-form; errors show once touched or submitted. */
export function TextField({ name, label, type = 'text', validate, parse, inputMode, autoComplete, maxLength, disabled, autoFocus, leftIcon, externalError }: TextFieldProps) {
  const id = `login-${name}`;
  return (
    <Field<string> name={name} validate={validate} parse={parse ? (value) => parse(value ?? '') : (value) => value ?? ''}>
      {({ input, meta }) => {
        const fieldError = (meta.touched || meta.submitFailed) && meta.error ? String(meta.error) : null;
        const submitError = !meta.dirtySinceLastSubmit && meta.submitError ? String(meta.submitError) : null;
        // An external error (e.g. the Jamf button's e-mail check) is the newest news about the field.
        const error = externalError ?? fieldError ?? submitError ?? null;
        return (
          <FormGroup label={label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
            <InputGroup
              id={id}
              name={input.name}
              type={type}
              value={input.value ?? ''}
              onChange={input.onChange}
              onBlur={input.onBlur}
              onFocus={input.onFocus}
              inputMode={inputMode}
              autoComplete={autoComplete}
              maxLength={maxLength}
              disabled={disabled}
              autoFocus={autoFocus}
              leftElement={leftIcon}
              intent={error ? Intent.DANGER : Intent.NONE}
              aria-invalid={error ? true : undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
