import { KNOWN_PERMISSION_PREFIXES, type PluginManifest } from './PluginManifest';
import { resolveRoutes, routeCollisionKey } from './resolveRoutes';

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
const KINDS = new Set(['product', 'public', 'shell']);
const SLOTS = new Set(['start', 'center', 'end']);

/** Thrown at start-up so a broken manifest never reaches users; lists every problem found. */
export class PluginManifestError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Invalid plugin manifests:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'PluginManifestError';
  }
}

/** Every problem in the manifests, each naming the plugin; empty when they are valid. */
export function findManifestProblems(manifests: readonly PluginManifest[]): string[] {
  const problems: string[] = [];
  const ids = new Map<string, number>();
  const routeOwners = new Map<string, { plugin: string; path: string }>();
  const known = new Set<string>(KNOWN_PERMISSION_PREFIXES);

  manifests.forEach((manifest, index) => {
    const name = typeof manifest?.id === 'string' && manifest.id ? `plugin '${manifest.id}'` : `plugin #${index}`;
    if (typeof manifest?.id !== 'string' || !PLUGIN_ID_PATTERN.test(manifest.id)) {
      problems.push(`${name}: id must match ${PLUGIN_ID_PATTERN} (lower-case letters, digits, dashes; it becomes the URL /{id})`);
    }
    if (ids.has(manifest.id)) {
      problems.push(`${name}: duplicate plugin id (also plugin #${ids.get(manifest.id)})`);
    } else {
      ids.set(manifest.id, index);
    }
    if (!KINDS.has(manifest.kind)) problems.push(`${name}: unknown kind '${String(manifest.kind)}'`);
    if (!manifest.title) problems.push(`${name}: title is required`);

    for (const prefix of manifest.requires ?? []) {
      if (!known.has(prefix)) {
        problems.push(`${name}: unknown permission prefix '${prefix}' (known: ${KNOWN_PERMISSION_PREFIXES.join(', ')})`);
      }
    }
    if (manifest.kind === 'product' && (manifest.requires ?? []).length === 0) {
      problems.push(`${name}: a product plugin needs at least one permission prefix in 'requires'`);
    }
    if (!Array.isArray(manifest.routes)) {
      problems.push(`${name}: routes must be an array`);
      return;
    }

    for (const route of resolveRoutes(manifest)) {
      if (typeof route.route.page !== 'function') {
        problems.push(`${name}: route '${route.path}' needs a lazy page loader (() => import('./pages/X'))`);
      }
      if (/[\s?#]/.test(route.path)) problems.push(`${name}: route '${route.path}' contains spaces, '?' or '#'`);
      const key = routeCollisionKey(route.path);
      const owner = routeOwners.get(key);
      if (owner) {
        const other = owner.plugin === manifest.id ? 'itself' : `plugin '${owner.plugin}'`;
        problems.push(`${name}: route '${route.path}' collides with '${owner.path}' of ${other}`);
      } else {
        routeOwners.set(key, { plugin: manifest.id, path: route.path });
      }
    }

    const contributionIds = new Set<string>();
    for (const contribution of [...(manifest.header ?? []), ...(manifest.profileMenu ?? [])]) {
      if (contributionIds.has(contribution.id)) problems.push(`${name}: duplicate contribution id '${contribution.id}'`);
      contributionIds.add(contribution.id);
      if (typeof contribution.component !== 'function') {
        problems.push(`${name}: contribution '${contribution.id}' needs a lazy component loader`);
      }
    }
    for (const contribution of manifest.header ?? []) {
      if (!SLOTS.has(contribution.slot)) {
        problems.push(`${name}: header contribution '${contribution.id}' has unknown slot '${String(contribution.slot)}'`);
      }
    }
  });
  return problems;
}

/** Throws a PluginManifestError naming each faulty plugin. */
export function validateManifests(manifests: readonly PluginManifest[]): void {
  const problems = findManifestProblems(manifests);
  if (problems.length > 0) throw new PluginManifestError(problems);
}
