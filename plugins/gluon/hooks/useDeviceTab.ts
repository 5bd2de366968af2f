import { useCallback } from 'react';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';

/**
 * The device page's tab in the address (`?tab=packages`), so a reload, Back and a shared link keep
 * it. A tab this device or token does not have (an Android tab on an iPhone, the crash explorer
 * without gln#cre#r) reads as `fallback`. Choosing a tab adds a history entry: Back returns to
 * the one before.
 */
export function useDeviceTab(tabs: readonly string[], fallback: string): [string, (tab: string) => void] {
  const nav = useService(NavigationServiceToken);
  const search = useObservable(nav.search$, nav.search());
  const asked = new URLSearchParams(search).get('tab') ?? '';
  const tab = tabs.includes(asked) ? asked : fallback;
  const choose = useCallback(
    (next: string) => {
      const params = new URLSearchParams(nav.search());
      if (next === fallback) params.delete('tab');
      else params.set('tab', next);
      const query = params.toString();
      nav.navigate(`${nav.path()}${query ? `?${query}` : ''}`);
    },
    [nav, fallback],
  );
  return [tab, choose];
}
