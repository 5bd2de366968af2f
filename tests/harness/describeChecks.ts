import { describe, expect, it } from 'vitest';

/** `[label, perms, expected]`: one row of a permission check's table. */
export type CheckRow = [label: string, perms: string[], expected: boolean];

/**
 * Table tests for a module of derived permission checks (spec §6): each named check is an
 * exported function, answers its rows, and ignores malformed permission strings (answering
 * `malformed(name)` for them: false, except checks defined by an absence).
 */
export function describeChecks(
  checks: object,
  tables: Record<string, CheckRow[]>,
  malformed: (name: string) => boolean = () => false,
): void {
  describe.each(Object.keys(tables))('%s', (name) => {
    const check = (checks as Record<string, (perms: readonly string[]) => boolean>)[name]!;
    it('is exported as a function', () => {
      expect(typeof check).toBe('function');
    });
    it.each(tables[name]!)('%s -> %s', (_label, perms, expected) => {
      expect(check(perms)).toBe(expected);
    });
    it('ignores malformed permission strings', () => {
      expect(check(['not-a-permission', 'gln#', '##'])).toBe(malformed(name));
    });
  });
}
