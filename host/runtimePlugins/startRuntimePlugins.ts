import type { DependencyContainer } from 'tsyringe';

import { HttpServiceToken } from '@core/http/HttpService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { RuntimePluginRegistryToken } from '@core/plugin/RuntimePluginRegistry';
import { SessionServiceToken } from '@core/session/SessionService';

import { HttpRuntimePluginsApi } from './HttpRuntimePluginsApi';
import { RuntimePluginLoader, type RuntimePluginLoaderOptions } from './RuntimePluginLoader';
import { RuntimePluginsApiToken } from './RuntimePluginsApi';

/**
 * Starts following GET /plugins-backend/runtime; returns the stop function. A test registers a
 * fake RuntimePluginsApiToken and passes its modules as `importModule`.
 */
export function startRuntimePlugins(
  container: DependencyContainer,
  options: Pick<RuntimePluginLoaderOptions, 'importModule'> = {},
): () => void {
  const api = container.isRegistered(RuntimePluginsApiToken, true)
    ? container.resolve(RuntimePluginsApiToken)
    : new HttpRuntimePluginsApi(container.resolve(HttpServiceToken));
  const loader = new RuntimePluginLoader({
    api,
    registry: container.resolve(RuntimePluginRegistryToken),
    session: container.resolve(SessionServiceToken),
    navigation: container.resolve(NavigationServiceToken),
    onError: (error) => console.warn('[runtime plugins]', error),
    ...options,
  });
  return loader.start();
}
