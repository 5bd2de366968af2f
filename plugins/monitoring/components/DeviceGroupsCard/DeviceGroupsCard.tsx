import { Button, Callout, Checkbox, Classes, FormGroup, H3, InputGroup } from '@blueprintjs/core';
import { Trash } from '@blueprintjs/icons';
import { FORM_ERROR } from 'final-form';
import { Field, Form } from 'react-final-form';

import type { MutationResult } from '@core/react/useMutation';

import type { DeviceGroup, NewDeviceGroup } from '../../api/MonitoringApi';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Device ids pasted from the device pages' addresses; null when one is not an id. */
export function parseDeviceIds(text: string): string[] | null {
  const ids = text
    .split(/[\s,;]+/)
    .map((s) => s.trim().replace(/^.*\/devices\//, ''))
    .filter(Boolean);
  return ids.every((id) => UUID.test(id)) ? [...new Set(ids)] : null;
}

/** Device groups / watch lists (monitoring admin): a watched group raises an alert for each new finding on its devices. */
export function DeviceGroupsCard(props: {
  groups: DeviceGroup[];
  onCreate: (g: NewDeviceGroup) => Promise<MutationResult<string>>;
  onDelete: (id: string) => void;
}) {
  return (
    <article className="monitoring-card" aria-labelledby="mnt-groups">
      <H3 id="mnt-groups">Device groups</H3>
      {props.groups.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>No device groups.</p>
      ) : (
        <ul className="monitoring-list">
          {props.groups.map((g) => (
            <li key={g.id}>
              {g.name}: {g.deviceIds.length} devices{g.watched ? ', watched' : ''}{' '}
              <Button
                size="small"
                variant="minimal"
                icon={<Trash />}
                aria-label={`Delete group ${g.name}`}
                onClick={() => props.onDelete(g.id)}
              />
            </li>
          ))}
        </ul>
      )}
      <Form<{ name: string; watched: boolean; devices: string }>
        initialValues={{ name: '', watched: true, devices: '' }}
        validate={(v) => ({
          ...(v.name?.trim() ? {} : { name: 'Name the group.' }),
          ...(parseDeviceIds(v.devices ?? '') ? {} : { devices: 'Enter device ids or device page addresses.' }),
        })}
        onSubmit={async (v, form) => {
          const result = await props.onCreate({
            name: v.name.trim(),
            watched: v.watched,
            deviceIds: parseDeviceIds(v.devices)!,
          });
          if (!result.ok) return { [FORM_ERROR]: result.error };
          setTimeout(() => form.reset());
          return undefined;
        }}
        render={({ handleSubmit, submitting, submitError }) => (
          <form onSubmit={handleSubmit} aria-label="New device group">
            <Field name="name">
              {({ input, meta }) => (
                <FormGroup
                  label="Group name"
                  labelFor="mnt-group-name"
                  helperText={meta.touched && meta.error}
                  intent={meta.touched && meta.error ? 'danger' : 'none'}
                >
                  <InputGroup id="mnt-group-name" {...input} />
                </FormGroup>
              )}
            </Field>
            <Field name="devices">
              {({ input, meta }) => (
                <FormGroup
                  label="Devices (ids or device page addresses)"
                  labelFor="mnt-group-devices"
                  helperText={meta.touched && meta.error}
                  intent={meta.touched && meta.error ? 'danger' : 'none'}
                >
                  <InputGroup id="mnt-group-devices" {...input} />
                </FormGroup>
              )}
            </Field>
            <Field name="watched" type="checkbox">
              {({ input }) => (
                <Checkbox
                  label="Watch list: alert on every new finding"
                  checked={input.checked ?? false}
                  onChange={input.onChange}
                />
              )}
            </Field>
            {submitError && <Callout intent="danger">{submitError}</Callout>}
            <Button type="submit" text="Add group" loading={submitting} />
          </form>
        )}
      />
    </article>
  );
}
