import { coveredModes } from '@common/permissions/grants';
import { parsePermission, type PermissionMode } from '@common/permissions/parsePermission';

export interface GridRow {
  module: string;
  resource: string;
  /** Modes offered for this resource (a widest mode rw offers r, w and rw). */
  modes: PermissionMode[];
}

export interface GridModule {
  module: string;
  label: string;
  rows: GridRow[];
}

/** Known module names (spec §1); an unknown prefix is shown as itself. */
const MODULE_LABELS: Record<string, string> = {
  gln: 'Inspection (gln)',
  elc: 'Electron (elc)',
  ntr: 'Neutrino (ntr)',
  mnt: 'Monitoring (mnt)',
  umg: 'User management (umg)',
};

/**
 * The editor's grid from the API's catalogue (each permission in its widest mode) plus any
 * permission the user already holds outside it, so nothing held is hidden or silently dropped.
 */
export function catalogueGrid(catalogue: readonly string[], extra: readonly string[] = []): GridModule[] {
  const modules = new Map<string, Map<string, Set<PermissionMode>>>();
  for (const value of [...catalogue, ...extra]) {
    const p = parsePermission(value);
    if (!p) continue;
    const resources = modules.get(p.module) ?? new Map<string, Set<PermissionMode>>();
    modules.set(p.module, resources);
    const modes = resources.get(p.resource) ?? new Set<PermissionMode>();
    resources.set(p.resource, modes);
    for (const m of coveredModes(p.mode)) modes.add(m);
  }
  const order: PermissionMode[] = ['r', 'w', 'rw'];
  return [...modules].map(([module, resources]) => ({
    module,
    label: MODULE_LABELS[module] ?? module,
    rows: [...resources].map(([resource, modes]) => ({ module, resource, modes: order.filter((m) => modes.has(m)) })),
  }));
}
