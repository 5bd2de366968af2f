import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { PluginRegistryToken } from '@core/plugin/PluginRegistry';
import { pluginBasePath } from '@core/plugin/resolveRoutes';
import { useObservable, useService } from '@core/react';
import { usePageTitle } from '@core/ui/usePageTitle';

/** Known signed-in routes outside a plugin's base path, by their first segment. */
const ROUTE_TITLES: Record<string, string> = {
  config: 'Two-factor authentication',
  devices: 'Device',
  'incident-management': 'Incident',
  upgrade: 'Upgrade',
};

/**
 * The browser tab's title on every signed-in page: the product's name for its pages ("Gluon",
 * from the manifest), else the route's own kind. Renders nothing; a header contribution because
 * the header is on every signed-in page and nowhere else.
 */
export default function PageTitle() {
  const navigation = useService(NavigationServiceToken);
  const registry = useService(PluginRegistryToken);
  const path = useObservable(navigation.path$, navigation.path());
  const snapshot = useObservable(registry.registered$, registry.registered());
  const owner = snapshot.plugins.find((plugin) => {
    const base = pluginBasePath(plugin.id);
    return path === base || path.startsWith(`${base}/`);
  });
  const first = path.split('/')[1] ?? '';
  usePageTitle(owner ? (owner.product?.name ?? owner.title) : (ROUTE_TITLES[first] ?? null));
  return null;
}
