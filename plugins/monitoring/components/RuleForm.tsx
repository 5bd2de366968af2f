import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import type { MutationResult } from '@core/react/useMutation';
import type { NewRule } from '../api/MonitoringApi';

interface Values {
  name: string;
  minSeverity: NewRule['minSeverity'];
  frequency: NewRule['frequency'];
  recipients: string;
}

const EMAIL = /^[^\s@,]+@[^\s@,]+\.[^\s@,]+$/;

/** Splits "a@x.com, b@y.org" into addresses; null when one is not an address. */
export function parseRecipients(text: string): string[] | null {
  const list = text
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  return list.length > 0 && list.every((e) => EMAIL.test(e)) ? list : null;
}

/** A new rule: which alerts (severity at least), to whom, how often. */
export function RuleForm({ onCreate }: { onCreate: (rule: NewRule) => Promise<MutationResult<string>> }) {
  return (
    <Form<Values>
      initialValues={{ name: '', minSeverity: 'high', frequency: 'immediate', recipients: '' }}
      validate={(v) => ({
        ...(v.name?.trim() ? {} : { name: 'Name the rule.' }),
        ...(parseRecipients(v.recipients ?? '') ? {} : { recipients: 'Enter one or more e-mail addresses.' }),
      })}
      onSubmit={async (v, form) => {
        const result = await onCreate({
          name: v.name.trim(),
          minSeverity: v.minSeverity,
          frequency: v.frequency,
          recipients: parseRecipients(v.recipients)!.map((email) => ({ email })),
        });
        if (!result.ok) return { [FORM_ERROR]: result.error };
        setTimeout(() => form.reset());
        return undefined;
      }}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} aria-label="New rule">
          <Field name="name">
            {({ input, meta }) => (
              <FormGroup label="Rule name" labelFor="mnt-rule-name" helperText={meta.touched && meta.error} intent={meta.touched && meta.error ? 'danger' : 'none'}>
                <InputGroup id="mnt-rule-name" {...input} />
              </FormGroup>
            )}
          </Field>
          <Field name="minSeverity">
            {({ input }) => (
              <FormGroup label="Severity at least" labelFor="mnt-rule-severity">
                <HTMLSelect id="mnt-rule-severity" name={input.name} value={input.value} onChange={input.onChange}>
                  <option value="high">High</option>
                  <option value="medium">Medium</option>
                  <option value="low">Low</option>
                </HTMLSelect>
              </FormGroup>
            )}
          </Field>
          <Field name="frequency">
            {({ input }) => (
              <FormGroup label="How often" labelFor="mnt-rule-frequency">
                <HTMLSelect id="mnt-rule-frequency" name={input.name} value={input.value} onChange={input.onChange}>
                  <option value="immediate">At once</option>
                  <option value="daily">Daily digest</option>
                  <option value="weekly">Weekly summary</option>
                </HTMLSelect>
              </FormGroup>
            )}
          </Field>
          <Field name="recipients">
            {({ input, meta }) => (
              <FormGroup label="Recipients (e-mail)" labelFor="mnt-rule-recipients" helperText={meta.touched && meta.error} intent={meta.touched && meta.error ? 'danger' : 'none'}>
                <InputGroup id="mnt-rule-recipients" {...input} />
              </FormGroup>
            )}
          </Field>
          {submitError && <Callout intent="danger">{submitError}</Callout>}
          <Button type="submit" intent="primary" text="Add rule" loading={submitting} />
        </form>
      )}
    />
  );
}
