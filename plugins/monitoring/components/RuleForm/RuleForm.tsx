import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';

import type { MutationResult } from '@core/react/useMutation';

import type { CreatedRule, NewRule } from '../../api/MonitoringApi';
import { WebhookSecretNotice } from '../WebhookSecretNotice/WebhookSecretNotice';

interface Values {
  name: string;
  minSeverity: NewRule['minSeverity'];
  frequency: NewRule['frequency'];
  recipients: string;
  webhookUrl: string;
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

/**
 * A webhook URL's problem, or null when it may be sent (http(s), no user name or password). The
 * server decides the rest (https in production, addresses inside the network) with a clear 400.
 */
export function webhookUrlError(text: string): string | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return 'Enter a URL such as https://hooks.example.com/….';
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return 'The webhook URL must use https.';
  if (url.username || url.password) return 'The webhook URL must not carry a user name or password.';
  return null;
}

function recipientsError(v: Partial<Values>): Partial<Record<keyof Values, string>> {
  const emails = v.recipients?.trim() ?? '';
  const hook = v.webhookUrl?.trim() ?? '';
  if (!emails && !hook) return { recipients: 'Enter one or more e-mail addresses, or a webhook URL.' };
  return {
    ...(emails && !parseRecipients(emails) ? { recipients: 'Enter one or more e-mail addresses.' } : {}),
    ...(hook && webhookUrlError(hook) ? { webhookUrl: webhookUrlError(hook)! } : {}),
  };
}

/**
 * A new rule: which alerts (severity at least), to whom (e-mail addresses, a webhook), how often.
 * A webhook's secret comes back once, after saving: shown until dismissed, never again.
 */
export function RuleForm({ onCreate }: { onCreate: (rule: NewRule) => Promise<MutationResult<CreatedRule>> }) {
  const [secrets, setSecrets] = useState<CreatedRule['webhooks']>([]);
  return (
    <Form<Values>
      initialValues={{ name: '', minSeverity: 'high', frequency: 'immediate', recipients: '', webhookUrl: '' }}
      validate={(v) => ({
        ...(v.name?.trim() ? {} : { name: 'Name the rule.' }),
        ...recipientsError(v),
      })}
      onSubmit={async (v, form) => {
        const hook = v.webhookUrl?.trim();
        const result = await onCreate({
          name: v.name.trim(),
          minSeverity: v.minSeverity,
          frequency: v.frequency,
          recipients: [
            ...(v.recipients?.trim() ? parseRecipients(v.recipients)!.map((email) => ({ email })) : []),
            ...(hook ? [{ webhookUrl: hook }] : []),
          ],
        });
        if (!result.ok) return { [FORM_ERROR]: result.error };
        setSecrets(result.value.webhooks);
        setTimeout(() => form.reset());
        return undefined;
      }}
      render={({ handleSubmit, submitting, submitError }) => (
        <form onSubmit={handleSubmit} aria-label="New rule">
          {secrets.length > 0 && <WebhookSecretNotice webhooks={secrets} onDone={() => setSecrets([])} />}
          <Field name="name">
            {({ input, meta }) => (
              <FormGroup
                label="Rule name"
                labelFor="mnt-rule-name"
                helperText={meta.touched && meta.error}
                intent={meta.touched && meta.error ? 'danger' : 'none'}
              >
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
              <FormGroup
                label="Recipients (e-mail)"
                labelFor="mnt-rule-recipients"
                helperText={meta.touched && meta.error}
                intent={meta.touched && meta.error ? 'danger' : 'none'}
              >
                <InputGroup id="mnt-rule-recipients" {...input} />
              </FormGroup>
            )}
          </Field>
          <Field name="webhookUrl">
            {({ input, meta }) => (
              <FormGroup
                label="Webhook URL (optional)"
                labelFor="mnt-rule-webhook"
                helperText={
                  (meta.touched && meta.error) ||
                  'Chat and SIEM tools: each alert is POSTed as signed JSON. The secret is shown once, after saving.'
                }
                intent={meta.touched && meta.error ? 'danger' : 'none'}
              >
                <InputGroup id="mnt-rule-webhook" type="url" placeholder="https://hooks.example.com/…" {...input} />
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
