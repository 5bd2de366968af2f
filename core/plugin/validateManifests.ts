import type { PluginManifest } from './PluginManifest';
import { resolveRoutePath, resolveRoutes, routeCollisionKey } from './resolveRoutes';

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
/** The module part of `module#resource#mode`: short, lower-case (spec §1's are three letters). */
export const PERMISSION_PREFIX_PATTERN = /^[a-z][a-z0-9]{1,15}$/;
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
  const declared = declaredPrefixes(manifests, problems);

  manifests.forEach((manifest, index) => {
    const name = nameOf(manifest, index);
    if (typeof manifest?.id !== 'string' || !PLUGIN_ID_PATTERN.test(manifest.id)) {
      problems.push(
        `${name}: id must match ${PLUGIN_ID_PATTERN} (lower-case letters, digits, dashes; it becomes the URL /{id})`,
      );
    }
    if (ids.has(manifest.id)) {
      problems.push(`${name}: duplicate plugin id (also plugin #${ids.get(manifest.id)})`);
    } else {
      ids.set(manifest.id, index);
    }
    if (!KINDS.has(manifest.kind)) problems.push(`${name}: unknown kind '${String(manifest.kind)}'`);
    if (!manifest.title) problems.push(`${name}: title is required`);

    for (const prefix of manifest.requires ?? []) {
      if (!declared.has(prefix)) {
        // The known ones are those the manifests declare in `prefixes`: core keeps no list.
        const known = declared.size ? [...declared.keys()].join(', ') : 'none declared';
        problems.push(`${name}: unknown permission prefix '${prefix}' (known: ${known})`);
      }
    }
    if (manifest.landing !== undefined) problems.push(...landingProblems(manifest, name));
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
      if (contributionIds.has(contribution.id))
        problems.push(`${name}: duplicate contribution id '${contribution.id}'`);
      contributionIds.add(contribution.id);
      if (typeof contribution.component !== 'function') {
        problems.push(`${name}: contribution '${contribution.id}' needs a lazy component loader`);
      }
    }
    for (const contribution of manifest.header ?? []) {
      if (!SLOTS.has(contribution.slot)) {
        problems.push(
          `${name}: header contribution '${contribution.id}' has unknown slot '${String(contribution.slot)}'`,
        );
      }
    }
  });
  return problems;
}

const nameOf = (manifest: PluginManifest, index: number) =>
  typeof manifest?.id === 'string' && manifest.id ? `plugin '${manifest.id}'` : `plugin #${index}`;

/** Prefix -> declaring plugin id; a prefix declared twice, or malformed, is a problem. */
function declaredPrefixes(manifests: readonly PluginManifest[], problems: string[]): Map<string, string> {
  const owners = new Map<string, string>();
  manifests.forEach((manifest, index) => {
    const name = nameOf(manifest, index);
    for (const prefix of manifest?.prefixes ?? []) {
      if (typeof prefix !== 'string' || !PERMISSION_PREFIX_PATTERN.test(prefix)) {
        problems.push(`${name}: permission prefix '${String(prefix)}' must match ${PERMISSION_PREFIX_PATTERN}`);
        continue;
      }
      const owner = owners.get(prefix);
      // A duplicate manifest (same id) is reported once, as a duplicate id.
      if (owner !== undefined && owner !== manifest.id)
        problems.push(`${name}: permission prefix '${prefix}' is already declared by plugin '${owner}'`);
      if (owner === undefined) owners.set(prefix, manifest.id);
    }
  });
  return owners;
}

function landingProblems(manifest: PluginManifest, name: string): string[] {
  const problems: string[] = [];
  if (manifest.kind !== 'product') problems.push(`${name}: only a product plugin has a landing`);
  const root = resolveRoutePath(manifest.id, manifest.landing!.root ?? '');
  if (Array.isArray(manifest.routes) && !resolveRoutes(manifest).some((route) => route.path === root)) {
    problems.push(`${name}: landing root '${root}' is not one of its routes`);
  }
  // Types cover the shape; a '//host' target would be an open redirect after sign-in.
  for (const claim of manifest.landing!.signInClaims ?? []) {
    if (/^\/\/|[\s\\]/.test(claim.target))
      problems.push(`${name}: sign-in claim target '${claim.target}' must be a route path`);
  }
  return problems;
}

/** Throws a PluginManifestError naming each faulty plugin. */
export function validateManifests(manifests: readonly PluginManifest[]): void {
  const problems = findManifestProblems(manifests);
  if (problems.length > 0) throw new PluginManifestError(problems);
}
