import { FormGroup, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { SearchIcon } from '@blueprintjs/icons';
import { useMemo, useState } from 'react';

import { LocaleServiceToken } from '@core/locale/LocaleService';
import { useObservable, useService } from '@core/react';

const NO_ZONES: readonly never[] = [];

/**
 * The ~100 zones of the locale service, filtered by what is typed (label, abbreviation or a
 * region such as "Berlin"); choosing one stores it and every date re-renders at once.
 */
export function TimeZonePicker() {
  const locale = useService(LocaleServiceToken);
  const zones = useObservable(locale.timeZones$, NO_ZONES);
  const current = useObservable(locale.timeZone$, locale.timeZone());
  const [query, setQuery] = useState('');
  const shown = useMemo(() => {
    const q = query.trim().toLowerCase();
    const matching = q
      ? zones.filter((z) => `${z.text} ${z.abbr} ${z.value} ${z.utc.join(' ')}`.toLowerCase().includes(q))
      : zones;
    // The current choice stays selectable even when the filter hides it.
    return matching.some((z) => z.text === current.text) ? matching : [current, ...matching];
  }, [zones, query, current]);

  return (
    <FormGroup label="Time zone" labelFor="shell-time-zone">
      <InputGroup
        leftIcon={<SearchIcon />}
        placeholder="Search time zones"
        aria-label="Search time zones"
        value={query}
        onValueChange={setQuery}
        data-testid="time-zone-search"
        small
      />
      <HTMLSelect
        id="shell-time-zone"
        fill
        // Options are keyed by label: two entries share the value 'GMT Standard Time' (London;
        // Dublin, Lisbon), and abbreviations repeat too.
        value={current.text}
        options={shown.map((z) => ({ value: z.text, label: z.text }))}
        onChange={(event) => {
          const zone = shown.find((z) => z.text === event.currentTarget.value);
          if (zone) void locale.setTimeZone(zone);
        }}
        style={{ marginTop: 4 }}
      />
    </FormGroup>
  );
}
