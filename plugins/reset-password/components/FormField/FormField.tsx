import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { Field } from 'react-final-form';

export interface FormFieldProps {
  /** final-form field name. */
  name: string;
  /** Visible label, also the input's accessible name. */
  label: string;
  type?: 'text' | 'password';
  validate?: (value: unknown, values: object) => string | undefined;
  /** Normalises typed text (digits only for code fields). */
  parse?: (value: string) => string;
  inputMode?: 'text' | 'numeric';
  autoComplete?: string;
  maxLength?: number;
  autoFocus?: boolean;
}

/** A labelled input bound to react-final-form; its error shows once touched or submitted. */
export function FormField({ name, label, type = 'text', validate, parse, inputMode, autoComplete, maxLength, autoFocus }: FormFieldProps) {
  const id = `reset-${name}`;
  return (
    <Field<string> name={name} validate={validate} parse={(value) => (parse ? parse(value ?? '') : (value ?? ''))}>
      {({ input, meta }) => {
        const error = (meta.touched || meta.submitFailed) && meta.error ? String(meta.error) : null;
        return (
          <FormGroup label={label} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined}>
            <InputGroup
              id={id}
              {...input}
              type={type}
              inputMode={inputMode}
              autoComplete={autoComplete}
              maxLength={maxLength}
              autoFocus={autoFocus}
              intent={error ? Intent.DANGER : Intent.NONE}
              aria-invalid={error ? true : undefined}
            />
          </FormGroup>
        );
      }}
    </Field>
  );
}
