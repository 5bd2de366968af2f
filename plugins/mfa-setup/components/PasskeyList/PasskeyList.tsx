import { Button, Callout, Classes, InputGroup, Intent, Spinner } from '@blueprintjs/core';
import { type FormEvent, useState } from 'react';

import type { Passkey } from '../../api/listPasskeys';
import type { PasskeysModel } from '../../hooks/usePasskeys';

export interface PasskeyListProps {
  model: PasskeysModel;
  /** Dates as the console shows them (the user's zone and format). */
  formatDate(value: string): string;
  /** Asks before removing (the console's confirm dialog). */
  confirmRemove(passkey: Passkey): Promise<boolean>;
  /** After a passkey was added (the required-passkey page moves on). */
  onAdded?(): void;
}

function PasskeyRow({ passkey, model, formatDate, confirmRemove }: { passkey: Passkey } & PasskeyListProps) {
  const [editing, setEditing] = useState(false);
  const [name, setName] = useState(passkey.name);
  const [busy, setBusy] = useState(false);
  const save = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    if (await model.rename(passkey.id, name)) setEditing(false);
    setBusy(false);
  };
  return (
    <li className="passkey-row" aria-label={passkey.name}>
      {editing ? (
        <form onSubmit={(event) => void save(event)} aria-label={`Rename ${passkey.name}`}>
          <InputGroup
            aria-label="Passkey name"
            value={name}
            maxLength={100}
            autoFocus
            onChange={(event) => setName(event.target.value)}
          />
          <Button type="submit" size="small" loading={busy} text="Save" />
          <Button size="small" variant="minimal" text="Cancel" onClick={() => setEditing(false)} />
        </form>
      ) : (
        <>
          <strong>{passkey.name}</strong>
          <div className={Classes.TEXT_MUTED}>
            Added {formatDate(passkey.createdAt)} ·{' '}
            {passkey.lastUsedAt ? `last used ${formatDate(passkey.lastUsedAt)}` : 'never used'}
          </div>
          <Button
            size="small"
            variant="minimal"
            text="Rename"
            aria-label={`Rename ${passkey.name}`}
            onClick={() => {
              setName(passkey.name);
              setEditing(true);
            }}
          />
          <Button
            size="small"
            variant="minimal"
            intent={Intent.DANGER}
            text="Remove"
            aria-label={`Remove ${passkey.name}`}
            loading={busy}
            onClick={() =>
              void (async () => {
                if (!(await confirmRemove(passkey))) return;
                setBusy(true);
                await model.remove(passkey.id);
                setBusy(false);
              })()
            }
          />
        </>
      )}
    </li>
  );
}

/** The user's passkeys (name, added, last used; rename, remove) and the form adding one. */
export function PasskeyList(props: PasskeyListProps) {
  const { model, onAdded } = props;
  const [name, setName] = useState('');
  const [adding, setAdding] = useState(false);
  const add = async (event: FormEvent) => {
    event.preventDefault();
    setAdding(true);
    const added = await model.add(name);
    setAdding(false);
    if (added) {
      setName('');
      onAdded?.();
    }
  };
  if (model.passkeys === null) return <Spinner size={20} aria-label="Loading passkeys" />;
  return (
    <div className="passkey-list">
      {model.error ? (
        <Callout intent={Intent.DANGER} role="alert">
          {model.error}
        </Callout>
      ) : null}
      {model.passkeys.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>No passkeys yet.</p>
      ) : (
        <ul aria-label="Your passkeys">
          {model.passkeys.map((passkey) => (
            <PasskeyRow key={passkey.id} passkey={passkey} {...props} />
          ))}
        </ul>
      )}
      <form onSubmit={(event) => void add(event)} aria-label="Add a passkey">
        <InputGroup
          aria-label="Name of the new passkey"
          placeholder="e.g. Work laptop"
          value={name}
          maxLength={100}
          onChange={(event) => setName(event.target.value)}
        />
        <Button type="submit" intent={Intent.PRIMARY} loading={adding} text="Add a passkey" />
      </form>
    </div>
  );
}
