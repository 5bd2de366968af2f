import { Button, FormGroup, HTMLSelect, InputGroup, Intent } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { Field, Form } from 'react-final-form';

import { endOfDayInZone } from '@common/format/zonedTime';
import { LocaleServiceToken } from '@core/locale/LocaleService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';

import type { HuntMode, ObservationKind } from '../../api/NeutrinoApi';
import type { HuntCriteria } from '../../hooks/useHunt';
import { KIND_LABELS, MODE_LABELS } from '../../logic/kinds';

interface HuntValues {
  value?: string;
  mode: HuntMode;
  kind: ObservationKind | '';
  from?: string;
  to?: string;
}

const MODES = (Object.keys(MODE_LABELS) as HuntMode[]).map((value) => ({ value, label: MODE_LABELS[value] }));
const KINDS = [
  { value: '', label: 'Any kind' },
  ...(Object.keys(KIND_LABELS) as ObservationKind[]).map((value) => ({ value, label: KIND_LABELS[value] })),
];

/** The same bounds as the API (server/modules/neutrino/services/huntQuery.ts): said here before asking. */
export function validateHunt(values: HuntValues): Partial<Record<keyof HuntValues, string>> {
  const value = values.value ?? '';
  if (!value.trim()) return { value: 'Type a value to search for.' };
  if (value.length > 500) return { value: 'A value has at most 500 characters.' };
  if (values.mode === 'contains' && value.length < 3) return { value: '"Contains" needs at least 3 characters.' };
  if (values.from && values.to && values.from > values.to) return { to: 'The range ends before it starts.' };
  return {};
}

/**
 * Dates picked as days in the user's chosen zone (`offset`, hours from UTC), the zone every date
 * on the page is shown in: from the start of `from` to the end of `to`. The browser's zone made a
 * sighting shown as 02/06 05:00 (UTC+05:30) fall outside a range starting 02/06 on a UTC browser.
 */
export function criteriaOf(values: HuntValues, offset: number): HuntCriteria {
  const end = (day: string) => endOfDayInZone(day, offset);
  const from = values.from ? end(values.from) : null;
  const to = values.to ? end(values.to) : null;
  return {
    value: values.value!,
    mode: values.mode,
    ...(values.kind ? { kinds: [values.kind] } : {}),
    ...(from ? { from: new Date(from.getTime() + 1 - DAY_MS).toISOString() } : {}),
    ...(to ? { to: to.toISOString() } : {}),
  };
}

const DAY_MS = 86_400_000;

/** What to hunt for: a value, how it matches, one kind or any, a time range. */
export function HuntForm({
  onSearch,
  initialValue,
}: {
  onSearch(criteria: HuntCriteria): void;
  initialValue?: string;
}) {
  const locale = useService(LocaleServiceToken);
  const zone = useObservable(locale.timeZone$, locale.timeZone());
  return (
    <Form<HuntValues>
      initialValues={{ mode: 'exact', kind: '', ...(initialValue ? { value: initialValue } : {}) }}
      validate={validateHunt}
      onSubmit={(values) => onSearch(criteriaOf(values, zone.offset))}
    >
      {({ handleSubmit, errors, submitFailed }) => (
        <form aria-label="Hunt" onSubmit={handleSubmit} className="neutrino-hunt-form">
          <FormGroup
            label="Value"
            labelFor="hunt-value"
            helperText={
              submitFailed
                ? (errors?.value ?? errors?.to)
                : 'A process, path, domain, app id, hash… as gluon stored it.'
            }
            intent={submitFailed && errors?.value ? Intent.DANGER : Intent.NONE}
          >
            <Field<string> name="value">
              {({ input }) => <InputGroup id="hunt-value" {...input} placeholder="helperd" leftIcon={<Search />} />}
            </Field>
          </FormGroup>
          <div className="neutrino-row">
            <FormGroup label="Match" labelFor="hunt-mode">
              <Field<HuntMode> name="mode">
                {({ input }) => (
                  <HTMLSelect
                    id="hunt-mode"
                    name={input.name}
                    value={input.value}
                    onChange={input.onChange}
                    options={MODES}
                  />
                )}
              </Field>
            </FormGroup>
            <FormGroup label="Kind" labelFor="hunt-kind">
              <Field<string> name="kind">
                {({ input }) => (
                  <HTMLSelect
                    id="hunt-kind"
                    name={input.name}
                    value={input.value}
                    onChange={input.onChange}
                    options={KINDS}
                  />
                )}
              </Field>
            </FormGroup>
            <FormGroup label="Seen from" labelFor="hunt-from">
              <Field<string> name="from">{({ input }) => <InputGroup id="hunt-from" type="date" {...input} />}</Field>
            </FormGroup>
            <FormGroup label="Seen until" labelFor="hunt-to">
              <Field<string> name="to">{({ input }) => <InputGroup id="hunt-to" type="date" {...input} />}</Field>
            </FormGroup>
          </div>
          <Button type="submit" intent={Intent.PRIMARY} text="Hunt" />
        </form>
      )}
    </Form>
  );
}
