import { useCallback } from 'react';

import { formatDateTime } from '@core/locale/formatDateTime';
import { LocaleServiceToken } from '@core/locale/LocaleService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';

/** The date part of the user's format: "MM/dd/yyyy HH:mm" → "MM/dd/yyyy". */
const dateOnly = (format: string) => format.replace(/[\sT]*HH(:mm)?(:ss)?/, '').trim();

/**
 * A calendar day ("2024-06-02", already counted in the user's zone by the API) in the user's date
 * format, without a time and without shifting it again: a campaign's timeline is per day, and
 * showing the ISO day ignored the date format every other date on the page follows.
 * `offset` is the user's zone (hours from UTC) to ask the API for days in.
 */
export function useDayFormatter(): { offset: number; day: (day: string) => string } {
  const locale = useService(LocaleServiceToken);
  const zone = useObservable(locale.timeZone$, locale.timeZone());
  const format = useObservable(locale.dateFormat$, locale.dateFormat());
  const day = useCallback(
    (value: string) =>
      /^\d{4}-\d{2}-\d{2}$/.test(value)
        ? formatDateTime(`${value}T00:00:00Z`, { offset: 0 }, dateOnly(format)) || value
        : value,
    [format],
  );
  return { offset: zone.offset, day };
}
