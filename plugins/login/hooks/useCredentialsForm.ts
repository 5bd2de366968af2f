import { type FormEvent, useCallback, useRef, useState } from 'react';

export type FieldValidator = (value: string) => string | undefined;

export interface CredentialsFormOptions<V extends { [K in keyof V]: string }> {
  initialValues: V;
  validators: { [K in keyof V]?: FieldValidator };
  /** Answers the error to show above the form, or nothing on success. */
  onSubmit(values: V): Promise<string | undefined>;
}

/**
 * The small form state the sign-in step needs (values, touched, submit error, submitting),
 * without react-final-form, the console's form library elsewhere: it is 9.3 KiB brotli of the
 * /login first load (measured 2026-11-27; the budget is 110 KiB). A field's error shows once it was left after being typed in, or a submit
 * failed: leaving the autofocused, still empty username for "Sign in with Google" is not a
 * mistake to point at. The submit error shows until a value changes.
 */
export function useCredentialsForm<V extends { [K in keyof V]: string }>({
  initialValues,
  validators,
  onSubmit,
}: CredentialsFormOptions<V>) {
  const [values, setValues] = useState<V>(initialValues);
  const [touched, setTouched] = useState<Partial<Record<keyof V, boolean>>>({});
  const edited = useRef<Partial<Record<keyof V, boolean>>>({});
  const [submitFailed, setSubmitFailed] = useState(false);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  // The latest values for handlers that run after an await (the Jamf button reads the username).
  const latest = useRef(values);
  latest.current = values;

  const errorOf = (name: keyof V) => validators[name]?.(values[name] ?? '');
  const fieldError = (name: keyof V): string | null => ((touched[name] || submitFailed) && errorOf(name)) || null;

  const field = (name: keyof V) => ({
    name: String(name),
    value: values[name],
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      edited.current[name] = true;
      setValues((previous) => ({ ...previous, [name]: value }));
      setSubmitError(null);
    },
    onBlur: () => {
      if (edited.current[name]) setTouched((previous) => ({ ...previous, [name]: true }));
    },
  });

  const handleSubmit = useCallback(
    async (event?: FormEvent) => {
      event?.preventDefault();
      if (submitting) return;
      const current = latest.current;
      const invalid = (Object.keys(validators) as (keyof V)[]).some((name) => validators[name]?.(current[name] ?? ''));
      if (invalid) {
        setSubmitFailed(true);
        return;
      }
      setSubmitting(true);
      try {
        setSubmitError((await onSubmit(current)) ?? null);
      } finally {
        setSubmitting(false);
      }
    },
    [onSubmit, submitting, validators],
  );

  return { values, latest, field, fieldError, submitError, submitting, handleSubmit };
}
