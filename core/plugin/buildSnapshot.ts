import { isPermitted, type AccessContext } from './isPermitted';
import type { HeaderSlot, PluginManifest } from './PluginManifest';
import type { RegisteredHeaderContribution, RegistrySnapshot } from './PluginRegistry';
import { resolveRoutes } from './resolveRoutes';

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** What is registered for a token: pure, so gating is table-testable. */
export function buildSnapshot(known: readonly PluginManifest[], access: AccessContext): RegistrySnapshot {
  const plugins = known.filter((manifest) => isPermitted(manifest, access));
  const header: Record<HeaderSlot, RegisteredHeaderContribution[]> = { start: [], center: [], end: [] };
  for (const plugin of plugins) {
    for (const contribution of plugin.header ?? []) header[contribution.slot].push({ ...contribution, pluginId: plugin.id });
  }
  header.start.sort(byOrder);
  header.center.sort(byOrder);
  header.end.sort(byOrder);
  return {
    plugins,
    routes: plugins.flatMap(resolveRoutes),
    header,
    profileMenu: plugins
      .flatMap((plugin) => (plugin.profileMenu ?? []).map((item) => ({ ...item, pluginId: plugin.id })))
      .sort(byOrder),
  };
}
