import { parsePermission, type PermissionMode } from './parsePermission';

/**
 * Granting by mode (spec §6 modes r, w, rw): the one rule the API (`assertGrantable`) and the
 * admin plugin's permission editor share. Pure and free of browser or server dependencies so
 * both sides import the same code. Holding `m#res#rw` covers `m#res#r`, `m#res#w` and
 * `m#res#rw`; `r` and `w` cover only themselves; nothing covers another module or resource, and
 * an invalid string covers and is covered by nothing.
 */
export function covers(held: string, wanted: string): boolean {
  const h = parsePermission(held);
  const w = parsePermission(wanted);
  if (!h || !w || h.module !== w.module || h.resource !== w.resource) return false;
  return h.mode === 'rw' || h.mode === w.mode;
}

/** Some held permission covers `wanted`. */
export function isCovered(held: readonly string[], wanted: string): boolean {
  return held.some((h) => covers(h, wanted));
}

/** The wanted permissions none of `held` covers, in their order (empty: all may be granted). */
export function notCovered(held: readonly string[], wanted: readonly string[]): string[] {
  return wanted.filter((w) => !isCovered(held, w));
}

/** Modes a permission of this mode can be split into, e.g. `rw` → r, w, rw (the editor's columns). */
export function coveredModes(mode: PermissionMode): PermissionMode[] {
  return mode === 'rw' ? ['r', 'w', 'rw'] : [mode];
}
