import { FormGroup, InputGroup, Intent } from '@blueprintjs/core';
import { Field } from 'react-final-form';
import type { Validator } from '../../logic/validators';

export interface CollectorFieldProps {
  name: string;
  label: string;
  /** Shown next to the label, e.g. '(optional)'. */
  labelInfo?: string;
  type?: 'text' | 'email' | 'tel';
  validate?: Validator;
  autoComplete?: string;
  maxLength?: number;
  /** An invalid link disables every field (spec §4). */
  disabled?: boolean;
  autoFocus?: boolean;
}

/** A labelled input bound to react-final-form; its error shows once the field was left. */
export function CollectorField({ name, label, labelInfo, type = 'text', validate, autoComplete, maxLength, disabled, autoFocus }: CollectorFieldProps) {
  const id = `collector-${name}`;
  return (
    <Field<string> name={name} validate={validate} parse={(value) => value ?? ''}>
      {({ input, meta }) => {
        const error = meta.touched && meta.error && !disabled ? String(meta.error) : null;
        return (
          <FormGroup label={label} labelInfo={labelInfo} labelFor={id} intent={error ? Intent.DANGER : Intent.NONE} helperText={error ?? undefined} disabled={disabled}>
            <InputGroup
              id={id}
              {...input}
              type={type}
              autoComplete={autoComplete}
              maxLength={maxLength}
              disabled={disabled}
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
