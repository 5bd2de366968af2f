import { Button, Callout, Classes, FormGroup, H3, HTMLSelect, InputGroup, Radio, RadioGroup } from '@blueprintjs/core';
import { Trash } from '@blueprintjs/icons';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import type { MutationResult } from '@core/react/useMutation';

import type { NewSilence, Rule, Silence } from '../../api/MonitoringApi';
import { parseDeviceIds } from '../DeviceGroupsCard/DeviceGroupsCard';

const HOURS = [1, 4, 24, 168];

interface SilenceValues {
  target: 'rule' | 'device';
  ruleId: string;
  device: string;
  hours: string;
  reason: string;
}

/** What a silence mutes, in words: a rule, a device, or one rule for one device. */
export function silenceSubject(
  s: Pick<Silence, 'ruleId' | 'deviceId' | 'deviceDisplayName'>,
  rules: readonly Pick<Rule, 'id' | 'name'>[],
): string {
  const rule = s.ruleId ? `Rule "${rules.find((r) => r.id === s.ruleId)?.name ?? 'deleted rule'}"` : null;
  const device = s.deviceId ? `device ${s.deviceDisplayName ?? s.deviceId}` : null;
  if (rule && device) return `${rule} for ${device}`;
  return rule ?? `Device ${s.deviceDisplayName ?? s.deviceId}`;
}

/** The one device id in the field (an id or a device page's address), else null. */
function oneDevice(text: string): string | null {
  const ids = parseDeviceIds(text);
  return ids?.length === 1 ? ids[0]! : null;
}

/**
 * Silences: mute a rule or a device for a period, with a reason; each listed until it ends, and
 * ended on request. `muteDevice` (the alerts list's "Mute device") opens the form on that device.
 */
export function SilencesCard(props: {
  rules: Rule[];
  silences: Silence[];
  muteDevice?: string | null;
  onCreate: (s: NewSilence) => Promise<MutationResult<string>>;
  onDelete: (id: string) => void;
}) {
  // Dates in the Options time zone and date format (spec §4).
  const when = useDateTimeFormatter();
  const initial: SilenceValues = {
    target: props.muteDevice || props.rules.length === 0 ? 'device' : 'rule',
    ruleId: props.rules[0]?.id ?? '',
    device: props.muteDevice ?? '',
    hours: '1',
    reason: '',
  };
  return (
    <article className="monitoring-card" aria-labelledby="mnt-silences">
      <H3 id="mnt-silences">Silences</H3>
      {props.silences.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>Nothing is silenced.</p>
      ) : (
        <ul className="monitoring-list">
          {props.silences.map((s) => (
            <li key={s.id}>
              {silenceSubject(s, props.rules)} until {when(s.endsAt)}: {s.reason}{' '}
              <Button
                size="small"
                variant="minimal"
                icon={<Trash />}
                aria-label={`End silence: ${s.reason}`}
                onClick={() => props.onDelete(s.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <Form<SilenceValues>
        initialValues={initial}
        validate={(v) => ({
          ...(v.reason?.trim() ? {} : { reason: 'Give a reason.' }),
          ...(v.target === 'device' && !oneDevice(v.device ?? '')
            ? { device: 'Enter one device id or device page address.' }
            : {}),
          ...(v.target === 'rule' && !v.ruleId ? { ruleId: 'Choose a rule.' } : {}),
        })}
        onSubmit={async (v, form) => {
          const now = Date.now();
          const result = await props.onCreate({
            ruleId: v.target === 'rule' ? v.ruleId : null,
            deviceId: v.target === 'device' ? oneDevice(v.device) : null,
            startsAt: new Date(now).toISOString(),
            endsAt: new Date(now + Number(v.hours) * 3600_000).toISOString(),
            reason: v.reason.trim(),
          });
          if (!result.ok) return { [FORM_ERROR]: result.error };
          setTimeout(() => form.reset({ ...initial, device: '' }));
          return undefined;
        }}
        render={({ handleSubmit, submitting, submitError, values }) => (
          <form onSubmit={handleSubmit} aria-label="New silence">
            <Field name="target">
              {({ input }) => (
                <RadioGroup
                  label="Mute"
                  inline
                  name={input.name}
                  selectedValue={input.value}
                  onChange={(e) => input.onChange(e.currentTarget.value)}
                >
                  <Radio label="A rule" value="rule" disabled={props.rules.length === 0} />
                  <Radio label="A device" value="device" />
                </RadioGroup>
              )}
            </Field>
            {values.target === 'rule' ? (
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
            ) : (
              <Field name="device">
                {({ input, meta }) => (
                  <FormGroup
                    label="Device (id or device page address)"
                    labelFor="mnt-silence-device"
                    helperText={meta.touched && meta.error}
                    intent={meta.touched && meta.error ? 'danger' : 'none'}
                  >
                    <InputGroup id="mnt-silence-device" {...input} />
                  </FormGroup>
                )}
              </Field>
            )}
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
                <FormGroup
                  label="Reason"
                  labelFor="mnt-silence-reason"
                  helperText={meta.touched && meta.error}
                  intent={meta.touched && meta.error ? 'danger' : 'none'}
                >
                  <InputGroup id="mnt-silence-reason" {...input} />
                </FormGroup>
              )}
            </Field>
            {submitError && <Callout intent="danger">{submitError}</Callout>}
            <Button type="submit" text="Silence" loading={submitting} />
          </form>
        )}
      />
    </article>
  );
}
