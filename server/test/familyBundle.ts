/**
 * A STIX 2.1 bundle of one malware family and its indicators (each joined to the family by an
 * `indicates` relationship), as the journey tests import them: small enough to read in the test.
 */
export function familyBundle(id: string, family: string, patterns: readonly string[]): string {
  const malware = { type: 'malware', spec_version: '2.1', id: `malware--${id}`, name: family, is_family: true };
  const objects: unknown[] = [malware];
  patterns.forEach((pattern, i) => {
    const indicator = {
      type: 'indicator',
      spec_version: '2.1',
      id: `indicator--${id}-${i}`,
      pattern,
      pattern_type: 'stix',
      valid_from: '2026-01-01T00:00:00Z',
    };
    objects.push(indicator, {
      type: 'relationship',
      spec_version: '2.1',
      id: `relationship--${id}-${i}`,
      relationship_type: 'indicates',
      source_ref: indicator.id,
      target_ref: malware.id,
    });
  });
  return JSON.stringify({ type: 'bundle', id: `bundle--${id}`, objects });
}
