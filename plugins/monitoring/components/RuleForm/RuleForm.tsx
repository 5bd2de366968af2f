import { Button, Callout, FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useState } from 'react';
import { Field, Form } from 'react-final-form';

import type { MutationResult } from '@core/react/useMutation';

import type { AlertCategory, CreatedRule, DeviceGroup, Family, NewRule } from '../../api/MonitoringApi';
import { WebhookSecretNotice } from '../WebhookSecretNotice/WebhookSecretNotice';

interface Values {
  name: string;
  minSeverity: NewRule['minSeverity'];
  /** '' is every category (family, group): the select's first option. */
  category: AlertCategory | '';
  familyId: string;
  groupId: string;
  frequency: NewRule['frequency'];
  recipients: string;
  webhookUrl: string;
}

/** The alert categories a rule selects by (the API's), as the page names them. */
export const CATEGORY_LABELS: Record<AlertCategory, string> = {
  incident: 'Incidents',
  finding: 'Findings on watched devices',
  inspection_failed: 'Failed inspections',
  stale: 'Stale devices',
  hunt: 'Hunt matches',
};

const INITIAL: Values = {
  name: '',
  minSeverity: 'high',
  category: '',
  familyId: '',
  groupId: '',
  frequency: 'immediate',
  recipients: '',
  webhookUrl: '',
};

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
 * A new rule: which alerts (severity at least, category, family, device group), to whom (e-mail
 * addresses, a webhook), how often. After it is added the form starts again, untouched (no
 * errors until the user types or submits again), and says which rule was added. A webhook's
 * secret comes back once, after saving: shown until dismissed, never again. `groups` is null when
 * the user may not read device groups (the monitoring admin's): no group field then.
 */
export function RuleForm({
  onCreate,
  families = [],
  groups = null,
}: {
  onCreate: (rule: NewRule) => Promise<MutationResult<CreatedRule>>;
  families?: readonly Family[];
  groups?: readonly DeviceGroup[] | null;
}) {
  const [secrets, setSecrets] = useState<CreatedRule['webhooks']>([]);
  const [added, setAdded] = useState<string | null>(null);
  return (
    <Form<Values>
      initialValues={INITIAL}
      validate={(v) => ({
        ...(v.name?.trim() ? {} : { name: 'Name the rule.' }),
        ...recipientsError(v),
      })}
      onSubmit={async (v, form) => {
        setAdded(null);
        const hook = v.webhookUrl?.trim();
        const name = v.name.trim();
        const result = await onCreate({
          name,
          minSeverity: v.minSeverity,
          frequency: v.frequency,
          ...(v.category ? { category: v.category } : {}),
          ...(v.familyId ? { familyId: v.familyId } : {}),
          ...(v.groupId ? { groupId: v.groupId } : {}),
          recipients: [
            ...(v.recipients?.trim() ? parseRecipients(v.recipients)!.map((email) => ({ email })) : []),
            ...(hook ? [{ webhookUrl: hook }] : []),
          ],
        });
        if (!result.ok) return { [FORM_ERROR]: result.error };
        setSecrets(result.value.webhooks);
        setAdded(name);
        // restart, not reset: reset keeps every field touched by the submit, so the emptied
        // required fields showed their errors at once.
        form.restart(INITIAL);
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
                <InputGroup
                  id="mnt-rule-name"
                  {...input}
                  onChange={(e) => {
                    setAdded(null);
                    input.onChange(e);
                  }}
                />
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
          <Field name="category">
            {({ input }) => (
              <FormGroup label="Category" labelFor="mnt-rule-category">
                <HTMLSelect id="mnt-rule-category" name={input.name} value={input.value} onChange={input.onChange}>
                  <option value="">Every category</option>
                  {(Object.keys(CATEGORY_LABELS) as AlertCategory[]).map((c) => (
                    <option key={c} value={c}>
                      {CATEGORY_LABELS[c]}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            )}
          </Field>
          <Field name="familyId">
            {({ input }) => (
              <FormGroup
                label="Family"
                labelFor="mnt-rule-family"
                helperText={families.length === 0 ? 'The families of your rule sets appear here.' : undefined}
              >
                <HTMLSelect id="mnt-rule-family" name={input.name} value={input.value} onChange={input.onChange}>
                  <option value="">Every family</option>
                  {families.map((f) => (
                    <option key={f.id} value={f.id}>
                      {f.name}
                    </option>
                  ))}
                </HTMLSelect>
              </FormGroup>
            )}
          </Field>
          {groups && (
            <Field name="groupId">
              {({ input }) => (
                <FormGroup label="Device group" labelFor="mnt-rule-group">
                  <HTMLSelect id="mnt-rule-group" name={input.name} value={input.value} onChange={input.onChange}>
                    <option value="">Every device</option>
                    {groups.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </HTMLSelect>
                </FormGroup>
              )}
            </Field>
          )}
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
          {added && !submitError && (
            <Callout intent="success" role="status">
              Rule “{added}” added.
            </Callout>
          )}
          <Button type="submit" intent="primary" text="Add rule" loading={submitting} />
        </form>
      )}
    />
  );
}
