import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import type { ReactElement, Ref } from 'react';

export interface TextFieldProps {
  /** The input's id is `${idPrefix}-${name}`, as core's FormTextField (end-to-end tests find it). */
  idPrefix: string;
  name: string;
  /** Visible label, also the accessible name of the input. */
  label: string;
  type?: 'text' | 'password';
  value: string;
  onChange(event: { target: { value: string } }): void;
  onBlur(): void;
  /** The error to show under the input, or null. */
  error: string | null;
  /** Browser autofill hint. */
  autoComplete?: string;
  /** Focus the input when the step opens. */
  autoFocus?: boolean;
  /** Icon component shown at the start of the input. */
  leftIcon?: ReactElement;
  /** The input element (the sign-in form puts the focus back after taking over the document's copy). */
  inputRef?: Ref<HTMLInputElement>;
}

/**
 * The sign-in form's field: the same Blueprint markup as core's FormTextField, bound to plain
 * React state (hooks/useCredentialsForm) instead of react-final-form, off the /login first load.
 */
export function TextField({
  idPrefix,
  name,
  label,
  type = 'text',
  value,
  onChange,
  onBlur,
  error,
  autoComplete,
  autoFocus,
  leftIcon,
  inputRef,
}: TextFieldProps) {
  const id = `${idPrefix}-${name}`;
  const intent = error ? Intent.DANGER : Intent.NONE;
  return (
    <FormGroup label={label} labelFor={id} intent={intent} helperText={error}>
      <InputGroup
        id={id}
        name={name}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        type={type}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        inputRef={inputRef}
        leftElement={leftIcon}
        intent={intent}
        aria-invalid={error ? true : undefined}
      />
    </FormGroup>
  );
}
