import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { auditActionText, KNOWN_AUDIT_ACTIONS } from './auditActionText';

/** Every literal `action: 'x.y'` the server audits (its own source, tests aside). */
function auditedActions(dir: string): string[] {
  const found = new Set<string>();
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) {
      for (const a of auditedActions(file)) found.add(a);
    } else if (name.endsWith('.ts') && !name.endsWith('.test.ts')) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(
        /(?:action:\s*|audit\(\s*request,\s*)'([a-z][a-zA-Z]*(?:\.[a-zA-Z-]+)+|login|logout)'/g,
      ))
        found.add(m[1]!);
    }
  }
  return [...found];
}

describe('auditActionText', () => {
  it('says in words what a known action did', () => {
    expect(auditActionText('gluon.incident.triage')).toBe('Triaged an incident');
    expect(auditActionText('user.permissions')).toBe("Changed a user's permissions");
  });

  it('spells out an action it does not know from its identifier', () => {
    expect(auditActionText('scim.user.create')).toBe('Scim user create');
    expect(auditActionText('passkey.registerFailed')).toBe('Passkey register failed');
    expect(auditActionText('')).toBe('');
  });

  it('has words for every action the server audits with a fixed name', () => {
    const audited = auditedActions(path.resolve(import.meta.dirname, '../../server'));
    expect(audited.length).toBeGreaterThan(20);
    expect(audited.filter((a) => !KNOWN_AUDIT_ACTIONS.includes(a)).sort()).toEqual([]);
  });
});
