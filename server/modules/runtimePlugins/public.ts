// What other parts of the server may import from runtime plugins (the CLI's commands).
export { PluginRefused } from './pluginPackage';
export { auditEveryTenant } from './pluginRepository';
export { pluginStorageFromConfig } from './pluginStorage';
export { installPlugin, listInstalled, removePlugin, trustKey, untrustKey } from './runtimePluginService';
