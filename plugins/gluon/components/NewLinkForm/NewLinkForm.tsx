import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { FORM_ERROR } from 'final-form';
import { useRef } from 'react';
import { Field, Form } from 'react-final-form';

import { LocaleServiceToken } from '@core/locale/LocaleService';
import { useMutation } from '@core/react/useMutation';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';

import { type CreatedLink, GluonApiToken, type NewLink } from '../../api/GluonApi';
import { gluonKeys } from '../../hooks/gluonKeys';
import { callMessage, type LinkFormValues, parseLinkForm } from '../../logic/linkForm';

/** NewLinkFormProps: `onCreated` receives the new link and its URL (answered once by the API). */
export interface NewLinkFormProps {
  onCreated(created: CreatedLink): void;
}

/** final-form leaves an emptied field undefined; the rules read empty text. */
const filled = (values: Partial<LinkFormValues>): LinkFormValues => ({
  name: values.name ?? '',
  limit: values.limit ?? '',
  expires: values.expires ?? '',
});

function TextField({
  name,
  label,
  helperText,
  ...input
}: {
  name: keyof LinkFormValues;
  label: string;
  helperText?: string;
  maxLength?: number;
  placeholder?: string;
  inputMode?: 'numeric';
  type?: 'date';
}) {
  const id = `link-${name}`;
  return (
    <FormGroup label={label} labelFor={id} inline helperText={helperText}>
      <Field<string> name={name}>
        {({ input: field }) => (
          <InputGroup
            id={id}
            {...input}
            name={field.name}
            value={field.value}
            onChange={field.onChange}
            onBlur={field.onBlur}
            onFocus={field.onFocus}
          />
        )}
      </Field>
    </FormGroup>
  );
}

/** Name, install limit and expiry; what was typed stays when the API refuses it. */
export function NewLinkForm({ onCreated }: NewLinkFormProps) {
  const api = useService(GluonApiToken);
  const locale = useService(LocaleServiceToken);
  // The zone the list shows dates in: a date chosen here ends where the user is.
  const zone = useObservable(locale.timeZone$, locale.timeZone());
  const creating = useMutation((link: NewLink) => api.createCollectorLink(link), {
    describe: callMessage,
    invalidates: [gluonKeys.links],
  });
  // Set once a link is created from these values: a late second click of a double click (the
  // first request may already be answered) must not create a twin. Editing the form clears it
  // (final-form marks an edited field `modified` until the next restart). While a request runs,
  // final-form itself ignores another submit: one request per click burst.
  const created = useRef(false);

  return (
    <Form<Partial<LinkFormValues>>
      onSubmit={async (values, form) => {
        const edited = Object.values(form.getState().modified ?? {}).some(Boolean);
        if (created.current && !edited) return undefined;
        const parsed = parseLinkForm(filled(values), zone.offset);
        if ('error' in parsed) return { [FORM_ERROR]: parsed.error };
        const result = await creating.run(parsed.link);
        if (!result.ok) return { [FORM_ERROR]: result.error };
        onCreated(result.value);
        created.current = true;
        form.restart();
        return undefined;
      }}
      subscription={{ submitting: true, submitError: true }}
    >
      {({ handleSubmit, submitting, submitError }) => (
        <form className="collector-links-form" onSubmit={handleSubmit} noValidate aria-label="New collector link">
          <TextField name="name" label="Name" maxLength={200} placeholder="e.g. Field team" />
          <TextField name="limit" label="Install limit" helperText="Empty: unlimited" inputMode="numeric" />
          <TextField name="expires" label="Expires after" helperText="Empty: never" type="date" />
          {submitError && (
            <Callout intent="danger" role="alert">
              {submitError}
            </Callout>
          )}
          <Button type="submit" intent="primary" text="Create link" loading={submitting} disabled={submitting} />
        </form>
      )}
    </Form>
  );
}
