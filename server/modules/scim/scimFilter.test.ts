import { describe, expect, it } from 'vitest';

import { ScimError } from './scimError';
import { matches, parseFilter } from './scimFilter';
import { applyPatch } from './scimResource';

const ada = {
  id: '1',
  userName: 'ada@example.com',
  displayName: 'Ada Lovelace',
  active: true,
  name: { familyName: 'Lovelace', givenName: 'Ada' },
  emails: [
    { type: 'work', value: 'ada@example.com', primary: true },
    { type: 'home', value: 'ada@home.example' },
  ],
  meta: { created: '2026-01-02T03:04:05.000Z' },
};

describe('SCIM filters (RFC 7644 §3.4.2.2)', () => {
  it.each([
    ['userName eq "ADA@example.com"', true],
    ['DisplayName eq "Ada Lovelace"', true],
    ['name.FamilyName eq Lovelace and (emails.Value co home.example or emails.Value co example.org)', true],
    ['userName sw "ada" and active eq true', true],
    ['userName sw "bob" or displayName co "love"', true],
    ['emails[type eq "work" and value ew "example.com"]', true],
    ['emails[type eq "other"]', false],
    ['not (active eq true)', false],
    ['meta.created gt 2015-10-10T14:38:21.8617979-07:00', true],
    ['meta.created lt "2020-01-01T00:00:00Z"', false],
    ['title pr', false],
    ['name pr', true],
  ])('%s → %s', (filter, expected) => {
    expect(matches(parseFilter(filter), ada)).toBe(expected);
  });

  it.each(['userName zz "x"', 'userName eq', '(userName eq "x"', 'userName eq "x" junk', 'emails[type eq "x"'])(
    'refuses %s as invalidFilter',
    (filter) => {
      expect(() => parseFilter(filter)).toThrow(ScimError);
      try {
        parseFilter(filter);
      } catch (error) {
        expect((error as ScimError).scimType).toBe('invalidFilter');
      }
    },
  );
});

describe('PATCH operations', () => {
  it('adds, replaces and removes members, whatever the case of the operation', () => {
    const group = { displayName: 'g', members: [{ value: 'a' }] };
    const added = applyPatch(group, {
      Operations: [{ op: 'Add', path: 'members', value: [{ value: 'b' }, { value: 'a' }] }],
    });
    expect(added.members).toEqual([{ value: 'a' }, { value: 'b' }]);
    const removed = applyPatch(added, { Operations: [{ op: 'remove', path: 'members[value eq "a"]' }] });
    expect(removed.members).toEqual([{ value: 'b' }]);
    const cleared = applyPatch(removed, { Operations: [{ op: 'REMOVE', path: 'members' }] });
    expect(cleared).not.toHaveProperty('members');
  });

  it('refuses an unknown operation and a path naming no attribute', () => {
    expect(() => applyPatch({}, { Operations: [{ op: 'move', path: 'userName' }] })).toThrow(/not a PATCH operation/);
    expect(() => applyPatch({}, { Operations: [{ op: 'replace', path: 'nonsense', value: 1 }] })).toThrow(
      /names no attribute/,
    );
  });
});
