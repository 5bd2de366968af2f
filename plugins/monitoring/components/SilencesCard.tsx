import { Trash } from '@blueprintjs/icons';
import { Button, Callout, Classes, FormGroup, H3, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';
import type { MutationResult } from '@core/react/useMutation';
import type { NewSilence, Rule, Silence } from '../api/MonitoringApi';

const HOURS = [1, 4, 24, 168];

/** Silences: mute a rule for a period, with a reason (a device is muted from the API for now). */
export function SilencesCard(props: { rules: Rule[]; silences: Silence[]; onCreate: (s: NewSilence) => Promise<MutationResult<string>>; onDelete: (id: string) => void }) {
  const ruleName = (id: string | null) => props.rules.find((r) => r.id === id)?.name ?? 'a device';
  return (
    <article className="monitoring-card" aria-labelledby="mnt-silences">
      <H3 id="mnt-silences">Silences</H3>
      {props.silences.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>Nothing is silenced.</p>
      ) : (
        <ul className="monitoring-list">
          {props.silences.map((s) => (
            <li key={s.id}>
              {ruleName(s.ruleId)} until {new Date(s.endsAt).toLocaleString()}: {s.reason}{' '}
              <Button size="small" variant="minimal" icon={<Trash />} aria-label={`End silence: ${s.reason}`} onClick={() => props.onDelete(s.id)} />
            </li>
          ))}
        </ul>
      )}
      {props.rules.length > 0 && (
        <Form<{ ruleId: string; hours: string; reason: string }>
          initialValues={{ ruleId: props.rules[0]!.id, hours: '1', reason: '' }}
          validate={(v) => (v.reason?.trim() ? {} : { reason: 'Give a reason.' })}
          onSubmit={async (v, form) => {
            const now = Date.now();
            const result = await props.onCreate({
              ruleId: v.ruleId,
              deviceId: null,
              startsAt: new Date(now).toISOString(),
              endsAt: new Date(now + Number(v.hours) * 3600_000).toISOString(),
              reason: v.reason.trim(),
            });
            if (!result.ok) return { [FORM_ERROR]: result.error };
            setTimeout(() => form.reset());
            return undefined;
          }}
          render={({ handleSubmit, submitting, submitError }) => (
            <form onSubmit={handleSubmit} aria-label="New silence">
              <Field name="ruleId">
                {({ input }) => (
                  <FormGroup label="Rule" labelFor="mnt-silence-rule">
                    <HTMLSelect id="mnt-silence-rule" name={input.name} value={input.value} onChange={input.onChange}>
                      {props.rules.map((r) => (
                        <option key={r.id} value={r.id}>
                          {r.name}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormGroup>
                )}
              </Field>
              <Field name="hours">
                {({ input }) => (
                  <FormGroup label="For" labelFor="mnt-silence-hours">
                    <HTMLSelect id="mnt-silence-hours" name={input.name} value={input.value} onChange={input.onChange}>
                      {HOURS.map((h) => (
                        <option key={h} value={String(h)}>
                          {h === 168 ? '1 week' : h === 1 ? '1 hour' : `${h} hours`}
                        </option>
                      ))}
                    </HTMLSelect>
                  </FormGroup>
                )}
              </Field>
              <Field name="reason">
                {({ input, meta }) => (
                  <FormGroup label="Reason" labelFor="mnt-silence-reason" helperText={meta.touched && meta.error} intent={meta.touched && meta.error ? 'danger' : 'none'}>
                    <InputGroup id="mnt-silence-reason" {...input} />
                  </FormGroup>
                )}
              </Field>
              {submitError && <Callout intent="danger">{submitError}</Callout>}
              <Button type="submit" text="Silence" loading={submitting} />
            </form>
          )}
        />
      )}
    </article>
  );
}
