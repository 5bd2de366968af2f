import { Button, Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import { useRef, useState, type FormEvent } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useService } from '@core/react/useService';
import { postCollectorLink } from '../../api/postCollectorLink';
import type { CollectorLink } from '../../api/types';
import { callMessage, parseLinkForm, type LinkFormValues } from '../../linkForm';

/** NewLinkFormProps: `onCreated` receives the new link and its URL (answered once by the API). */
export interface NewLinkFormProps {
  onCreated(created: { link: CollectorLink; url: string }): void;
}

/** Name, install limit and expiry; what was typed stays when the API refuses it. */
export function NewLinkForm({ onCreated }: NewLinkFormProps) {
  const http = useService(HttpServiceToken);
  const [values, setValues] = useState<LinkFormValues>({ name: '', limit: '', expires: '' });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  // Set once a link is created from these values: a late second click of a double click (the
  // first request may already be answered) must not create a twin. Editing the form clears it.
  const created = useRef(false);
  const set = (key: keyof LinkFormValues) => (e: { currentTarget: HTMLInputElement }) => {
    created.current = false;
    setValues({ ...values, [key]: e.currentTarget.value });
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // One request per click burst: the ref is set before React re-renders the disabled button.
    if (sending.current || created.current) return;
    const parsed = parseLinkForm(values);
    if ('error' in parsed) return setError(parsed.error);
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      onCreated(await postCollectorLink(http, parsed.link));
      created.current = true;
      setValues({ name: '', limit: '', expires: '' });
    } catch (e) {
      setError(callMessage(e));
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  return (
    <form className="collector-links-form" onSubmit={(e) => void submit(e)} noValidate aria-label="New collector link">
      <FormGroup label="Name" labelFor="link-name" inline>
        <InputGroup id="link-name" value={values.name} maxLength={200} onChange={set('name')} placeholder="e.g. Field team" />
      </FormGroup>
      <FormGroup label="Install limit" labelFor="link-limit" inline helperText="Empty: unlimited">
        <InputGroup id="link-limit" inputMode="numeric" value={values.limit} onChange={set('limit')} />
      </FormGroup>
      <FormGroup label="Expires after" labelFor="link-expires" inline helperText="Empty: never">
        <InputGroup id="link-expires" type="date" value={values.expires} onChange={set('expires')} />
      </FormGroup>
      {error && (
        <Callout intent="danger" role="alert">
          {error}
        </Callout>
      )}
      <Button type="submit" intent="primary" text="Create link" loading={busy} disabled={busy} />
    </form>
  );
}
