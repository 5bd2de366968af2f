import { type AccessContext, isPermitted } from './isPermitted';
import type { HeaderSlot, PluginManifest, ProfileMenuContribution, ProfileMenuRule } from './PluginManifest';
import type { RegisteredHeaderContribution, RegistrySnapshot } from './PluginRegistry';
import { resolveRoutes } from './resolveRoutes';

const byOrder = (a: { order: number }, b: { order: number }) => a.order - b.order;

/** What is registered for a token: pure, so gating is table-testable. */
export function buildSnapshot(known: readonly PluginManifest[], access: AccessContext): RegistrySnapshot {
  const plugins = known.filter((manifest) => isPermitted(manifest, access));
  const header: Record<HeaderSlot, RegisteredHeaderContribution[]> = { start: [], center: [], end: [] };
  for (const plugin of plugins) {
    for (const contribution of plugin.header ?? [])
      header[contribution.slot].push({ ...contribution, pluginId: plugin.id });
  }
  header.start.sort(byOrder);
  header.center.sort(byOrder);
  header.end.sort(byOrder);
  const rules = plugins.flatMap((plugin) => plugin.profileMenuRules ?? []);
  return {
    plugins,
    routes: plugins.flatMap(resolveRoutes),
    header,
    profileMenu: plugins
      .flatMap((plugin) =>
        (plugin.profileMenu ?? []).map((item) => ({ ...item, visible: visibility(item, rules), pluginId: plugin.id })),
      )
      .sort(byOrder),
  };
}

/**
 * A section's own `visible` combined with the registered products' rules hiding it (gluon:
 * uploaders see no contact), so the menu filters by one predicate and imports no product.
 */
function visibility(
  item: ProfileMenuContribution,
  rules: readonly ProfileMenuRule[],
): ProfileMenuContribution['visible'] {
  const hiding = rules.filter((rule) => rule.hide.includes(item.id));
  if (hiding.length === 0) return item.visible;
  return (perms) => (item.visible ? item.visible(perms) : true) && !hiding.some((rule) => rule.when(perms));
}
