// The few functions of `semver` (installed without its types) that the runtime plugin checks use.
declare module 'semver' {
  export function valid(version: string): string | null;
  export function validRange(range: string): string | null;
  export function satisfies(version: string, range: string): boolean;
  export function gt(a: string, b: string): boolean;
}
