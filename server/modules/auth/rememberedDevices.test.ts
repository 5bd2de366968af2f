import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import {
  isRememberedDevice,
  REMEMBER_DEVICE_CONSOLE_S,
  REMEMBER_DEVICE_MONITORING_S,
  rememberDevice,
  rememberDeviceSeconds,
} from './rememberedDevices';

describe('remembered devices: 30 days for the console, 60 for monitoring (spec §9)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it("decides the lifetime from the user's permissions", () => {
    expect(REMEMBER_DEVICE_CONSOLE_S).toBe(30 * 86400);
    expect(REMEMBER_DEVICE_MONITORING_S).toBe(60 * 86400);
    expect(rememberDeviceSeconds(['mnt#cfg#rw'])).toBe(REMEMBER_DEVICE_MONITORING_S);
    expect(rememberDeviceSeconds(['mnt#cfg#rw', 'gln#rpt#r'])).toBe(REMEMBER_DEVICE_CONSOLE_S);
    expect(rememberDeviceSeconds(['mnt#cfg#rw', 'umg#usr#rw'])).toBe(REMEMBER_DEVICE_CONSOLE_S);
    expect(rememberDeviceSeconds(['gln#rpt#rw'])).toBe(REMEMBER_DEVICE_CONSOLE_S);
    expect(rememberDeviceSeconds([])).toBe(REMEMBER_DEVICE_CONSOLE_S);
  });

  it('stores the token with that expiry', async () => {
    const expiry = async (permissions: string[]) => {
      const user = await t.createUser({ permissions });
      const token = await rememberDevice(t.db, user.id);
      expect(await isRememberedDevice(t.db, user.id, token)).toBe(true);
      const [row] = await t.db.query<{ days: string }>(
        'SELECT round(extract(epoch FROM (expires_at - created_at)) / 86400) AS days FROM remembered_devices WHERE user_id = $1',
        [user.id],
      );
      return Number(row!.days);
    };
    expect(await expiry(['mnt#rpt#rw'])).toBe(60);
    expect(await expiry(['gln#rpt#r'])).toBe(30);
  });
});
