import { describe, expect, it } from 'vitest';

import { parseDeviceIds } from '../components/DeviceGroupsCard/DeviceGroupsCard';
import { parseRecipients } from '../components/RuleForm/RuleForm';
import { alertQueryFromSearch } from './alertQueryFromSearch';

describe('alertQueryFromSearch', () => {
  it('keeps the known filters of a link and drops the rest', () => {
    expect(alertQueryFromSearch('severity=high&status=active&category=nope&x=1')).toEqual({
      page: 0,
      size: 20,
      sort: 'lastSeen',
      dir: 'desc',
      severity: 'high',
      status: 'active',
    });
    expect(alertQueryFromSearch('search=Dark%20Sword')).toMatchObject({ search: 'Dark Sword' });
    expect(alertQueryFromSearch('')).toEqual({ page: 0, size: 20, sort: 'lastSeen', dir: 'desc' });
  });
});

describe('parseRecipients', () => {
  it('splits addresses and refuses a list with a non-address', () => {
    expect(parseRecipients(' a@x.com, b@y.org;c@z.io ')).toEqual(['a@x.com', 'b@y.org', 'c@z.io']);
    expect(parseRecipients('a@x.com, nope')).toBeNull();
    expect(parseRecipients('  ')).toBeNull();
  });
});

describe('parseDeviceIds', () => {
  it('takes ids or device page addresses, once each, and refuses anything else', () => {
    const id = '11111111-1111-4111-8111-111111111111';
    expect(parseDeviceIds(`${id}, https://x.example/devices/${id}`)).toEqual([id]);
    expect(parseDeviceIds('')).toEqual([]);
    expect(parseDeviceIds('phone-1')).toBeNull();
  });
});
