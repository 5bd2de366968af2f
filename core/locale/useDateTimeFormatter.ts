import { useCallback } from 'react';

import { useObservable } from '../react/useObservable';
import { useService } from '../react/useService';
import { formatDateTime } from './formatDateTime';
import { LocaleServiceToken } from './LocaleService';

/**
 * The one way a page shows a date: a formatter bound to the user's time zone and date format
 * that re-renders the caller when either changes (the profile menu applies choices at once).
 */
export function useDateTimeFormatter(): (value: string | number | Date) => string {
  const locale = useService(LocaleServiceToken);
  const zone = useObservable(locale.timeZone$, locale.timeZone());
  const format = useObservable(locale.dateFormat$, locale.dateFormat());
  return useCallback((value: string | number | Date) => formatDateTime(value, zone, format), [zone, format]);
}
