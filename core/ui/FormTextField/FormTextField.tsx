import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ReactElement, ReactNode } from 'react';
import { Field } from 'react-final-form';

export interface FormTextFieldProps {
  /** final-form field name. */
  name: string;
  /** The input's id is `${idPrefix}-${name}`: the label points at it, end-to-end tests find it. */
  idPrefix: string;
  /** Visible label, also the accessible name of the input. */
  label: string;
  /** Shown next to the label, e.g. '(optional)'. */
  labelInfo?: string;
  /** Input type; 'text' by default. */
  type?: 'text' | 'password' | 'email' | 'tel';
  /** Field-level validator answering the error text. */
  validate?: (value: string | undefined, values: object) => string | undefined;
  /** Normalises what is typed (e.g. digits only) before it reaches the form state. */
  parse?: (value: string) => string;
  /** Mobile keyboards: 'numeric' for code fields. */
  inputMode?: 'text' | 'numeric' | 'email';
  /** Browser autofill hint. */
  autoComplete?: string;
  /** Maximum characters the input accepts. */
  maxLength?: number;
  /** Greyed out and not editable; a disabled field shows no error of its own (nothing to fix there). */
  disabled?: boolean;
  /** Shown but not editable (e.g. an e-mail fixed by the invitation). */
  readOnly?: boolean;
  /** Focus the input when the step opens. */
  autoFocus?: boolean;
  /** Icon component shown at the start of the input. */
  leftIcon?: ReactElement;
  /** Shown under the input while there is no error (e.g. the password rules). */
  hint?: ReactNode;
  /** An error decided outside the field (the server, a rule spanning two fields); it wins over the field's own. */
  externalError?: string | null;
}

/** A Blueprint FormGroup + InputGroup bound to react-final-form; its errors show once touched or submitted. */
export function FormTextField({
  name,
  idPrefix,
  label,
  labelInfo,
  type = 'text',
  validate,
  parse,
  inputMode,
  autoComplete,
  maxLength,
  disabled,
  readOnly,
  autoFocus,
  leftIcon,
  hint,
  externalError,
}: FormTextFieldProps) {
  const id = `${idPrefix}-${name}`;
  return (
    <Field<string>
      name={name}
      validate={validate}
      parse={parse ? (value) => parse(value ?? '') : (value) => value ?? ''}
    >
      {({ input, meta }) => {
        const fieldError = (meta.touched || meta.submitFailed) && meta.error && !disabled ? String(meta.error) : null;
        const submitError = !meta.dirtySinceLastSubmit && meta.submitError ? String(meta.submitError) : null;
        // An external error (e.g. the Jamf button's e-mail check) is the newest news about the field.
        const error = externalError || fieldError || submitError;
        const intent = error ? Intent.DANGER : Intent.NONE;
        return (
          <FormGroup label={label} labelInfo={labelInfo} labelFor={id} intent={intent} helperText={error || hint}>
            <InputGroup
              id={id}
              {...input}
              type={type}
              inputMode={inputMode}
              autoComplete={autoComplete}
              maxLength={maxLength}
              disabled={disabled}
              readOnly={readOnly}
              autoFocus={autoFocus}
              leftElement={leftIcon}
              intent={intent}
              aria-invalid={error ? true : undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
