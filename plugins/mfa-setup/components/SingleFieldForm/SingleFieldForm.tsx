import { Button, FormGroup, InputGroup, type InputGroupProps, Intent } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import type { ReactNode } from 'react';
import { Field, Form } from 'react-final-form';

export interface SingleFieldFormProps {
  /** Accessible name of the form. */
  ariaLabel: string;
  /** What the step explains above the field. */
  intro: ReactNode;
  /** Field label, also its accessible name. */
  label: string;
  /** DOM id of the input. */
  inputId: string;
  /** Required-field and format check; answers an error text or nothing. */
  validate(value: string | undefined): string | undefined;
  /** Normalises typed text (e.g. digits only). */
  parse?(value: string): string;
  /** Extra input attributes (type, autoComplete, inputMode, icons...). */
  inputProps?: Omit<InputGroupProps, 'id' | 'value' | 'onChange' | 'onBlur' | 'intent'>;
  /** Label of the submit button. */
  submitText: string;
  /** Sends the value; answers an error text (shown under the field) or nothing. */
  onSubmit(value: string): Promise<string | undefined>;
  /** Leaves the step. */
  onCancel(): void;
}

/**
 * The set-up's one-field steps (password check, six-digit verification): the field's own error
 * once touched, else the server's answer until the value changes, and Cancel / submit actions.
 */
export function SingleFieldForm({
  ariaLabel,
  intro,
  label,
  inputId,
  validate,
  parse,
  inputProps,
  submitText,
  onSubmit,
  onCancel,
}: SingleFieldFormProps) {
  return (
    <Form<{ value: string }>
      onSubmit={async ({ value }) => {
        const error = await onSubmit(value);
        return error ? { [FORM_ERROR]: error } : undefined;
      }}
      render={({ handleSubmit, submitting, submitError, dirtySinceLastSubmit }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={ariaLabel}>
          {intro}
          <Field<string>
            name="value"
            validate={validate}
            {...(parse ? { parse: (value: string) => parse(value ?? '') } : {})}
          >
            {({ input, meta }) => {
              const error =
                ((meta.touched || meta.submitFailed) && meta.error) || (!dirtySinceLastSubmit && submitError) || null;
              return (
                <FormGroup
                  label={label}
                  labelFor={inputId}
                  intent={error ? Intent.DANGER : Intent.NONE}
                  helperText={error ? String(error) : undefined}
                >
                  <InputGroup
                    {...inputProps}
                    id={inputId}
                    value={input.value ?? ''}
                    onChange={input.onChange}
                    onBlur={input.onBlur}
                    intent={error ? Intent.DANGER : Intent.NONE}
                  />
                </FormGroup>
              );
            }}
          </Field>
          <div className="mfa-actions">
            <Button text="Cancel" variant="minimal" onClick={onCancel} disabled={submitting} />
            <Button type="submit" intent={Intent.PRIMARY} loading={submitting} text={submitText} />
          </div>
        </form>
      )}
    />
  );
}
