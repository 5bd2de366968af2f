import { Button, Callout, Classes, FormGroup, H4, HTMLSelect, Spinner } from '@blueprintjs/core';
import { useMemo, useState } from 'react';

import { LocaleServiceToken, type TimeZone } from '@core/locale/LocaleService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';

import type { TenantTimeZone as Zone } from '../../api/getTenantTimeZone';
import { useTenantTimeZone } from '../../hooks/useTenantTimeZone';

export const TENANT_TIME_ZONE_LABEL = 'Time zone of mails and exports';

const NO_ZONES: readonly TimeZone[] = [];

/** "+05:30" for 5.5: the offset as mails print it. */
export function offsetText(offset: number): string {
  const minutes = Math.round(Math.abs(offset) * 60);
  const hh = String(Math.floor(minutes / 60)).padStart(2, '0');
  const mm = String(minutes % 60).padStart(2, '0');
  return `${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

const sameZone = (row: TimeZone, zone: Zone) => row.abbr === zone.name && row.offset === zone.offset;

/**
 * The tenant's time zone, chosen from the console's zone table (the one Options uses): mails and
 * CSV exports print ISO 8601 times in it and name it. Readers see it without a way to change it.
 */
export function TenantTimeZone({ canWrite }: { canWrite: boolean }) {
  const locale = useService(LocaleServiceToken);
  const zones = useObservable(locale.timeZones$, NO_ZONES);
  const { zone, action, save } = useTenantTimeZone();
  // The label of the row picked but not saved yet; null follows what the API answered.
  const [picked, setPicked] = useState<string | null>(null);
  const [savedNote, setSavedNote] = useState<string | null>(null);
  const current = zone.data;
  const currentRow = useMemo(() => (current ? zones.find((z) => sameZone(z, current)) : undefined), [zones, current]);
  // A zone stored through the API that no row of the table has (another offset for the name) stays shown as it is.
  const storedLabel = current && !currentRow ? `(UTC${offsetText(current.offset)}) ${current.name}` : null;
  const selected = picked ?? currentRow?.text ?? storedLabel ?? '';
  const options = [
    ...(storedLabel ? [{ value: storedLabel, label: storedLabel }] : []),
    // Keyed by label: values and abbreviations repeat in the table, labels do not.
    ...zones.map((z) => ({ value: z.text, label: `${z.text} · ${z.abbr}` })),
  ];
  const row = zones.find((z) => z.text === selected);
  const changed = row !== undefined && (!current || !sameZone(row, current));

  const submit = async () => {
    if (!row) return;
    setSavedNote(null);
    const next = { offset: row.offset, name: row.abbr };
    if (await save(next)) {
      setPicked(null);
      setSavedNote(`Saved: mails and CSV exports print their times in ${next.name} (UTC${offsetText(next.offset)}).`);
    }
  };

  return (
    <section className="admin-section admin-form" aria-label="Time zone">
      <H4>Time zone</H4>
      {zone.loading && current === null && <Spinner size={20} />}
      {zone.error && <Callout intent="danger">{zone.error}</Callout>}
      {current !== null && (
        <FormGroup
          label={TENANT_TIME_ZONE_LABEL}
          labelFor="admin-tenant-time-zone"
          helperText={`Now ${current.name} (UTC${offsetText(current.offset)}). Your own display zone is set in Options.`}
        >
          <HTMLSelect
            id="admin-tenant-time-zone"
            fill
            value={selected}
            disabled={!canWrite || action.busy || zones.length === 0}
            options={options}
            onChange={(event) => {
              setPicked(event.currentTarget.value);
              setSavedNote(null);
              action.clearError();
            }}
          />
        </FormGroup>
      )}
      {action.error && (
        <Callout intent="danger" role="alert">
          {action.error}
        </Callout>
      )}
      {savedNote && (
        <Callout intent="success" role="status" data-testid="tenant-time-zone-saved">
          {savedNote}
        </Callout>
      )}
      {canWrite && current !== null && (
        <div className="admin-actions admin-section">
          <Button
            intent="primary"
            text="Save time zone"
            disabled={action.busy || !changed}
            onClick={() => void submit()}
          />
        </div>
      )}
      <p className={Classes.TEXT_MUTED}>
        Alert mails, reports and CSV exports write times as ISO 8601 in this zone and name it (for example
        2026-12-31T23:59:00+05:30 (IST)).
      </p>
    </section>
  );
}
