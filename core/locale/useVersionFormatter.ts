import { useCallback } from 'react';

import { useObservable } from '../react/useObservable';
import { useService } from '../react/useService';
import { formatVersion } from './formatVersion';
import { LocaleServiceToken } from './LocaleService';

/** A rule-set version as a date where it is one (formatVersion), in the user's zone and date format. */
export function useVersionFormatter(): (version: string) => string {
  const locale = useService(LocaleServiceToken);
  const zone = useObservable(locale.timeZone$, locale.timeZone());
  const format = useObservable(locale.dateFormat$, locale.dateFormat());
  return useCallback((version: string) => formatVersion(version, zone, format), [zone, format]);
}
