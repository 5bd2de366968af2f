import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';
import { FREE_FAILURES } from './lockout';
import { currentStep, totpCode } from './totp';

// A burst of parallel guesses must meet the same limits as guesses one after the other: the
// counters in the database see a guess only once it failed, so the checks still running count too.
const IP_LIMIT = 8;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ env: { IP_FAILURE_LIMIT: String(IP_LIMIT) } });
});
afterAll(() => t.close());

type Answer = { statusCode: number; headers: Record<string, unknown> };
const tally = (answers: Answer[]) => {
  const byStatus: Record<number, number> = {};
  for (const a of answers) byStatus[a.statusCode] = (byStatus[a.statusCode] ?? 0) + 1;
  return byStatus;
};
const login = (username: string, password: string, ip: string) =>
  t.app.inject({ method: 'POST', url: '/um/login', remoteAddress: ip, payload: { username, password } });

describe('parallel guesses', () => {
  it('30 wrong passwords at once for one account (from 30 addresses): only the free failures are checked', async () => {
    const user = await t.createUser({});
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(user.email, `wrong-pass-${i}`, `10.8.0.${i}`)),
    );
    const byStatus = tally(answers);
    // The first of the burst is always checked; no more than the free failures are.
    expect(byStatus[401]).toBeGreaterThanOrEqual(1);
    expect(byStatus[401]).toBeLessThanOrEqual(FREE_FAILURES);
    expect((byStatus[401] ?? 0) + (byStatus[429] ?? 0)).toBe(30);
    expect(answers.filter((a) => a.statusCode === 429).every((a) => Number(a.headers['retry-after']) >= 1)).toBe(true);
    const [row] = await t.db.query<{ failed_logins: number }>('SELECT failed_logins FROM users WHERE id = $1', [
      user.id,
    ]);
    // Every guess that was checked counted, none that was refused did: the burst spent exactly what it was allowed.
    // (Whether the right password is refused next depends on how long the burst took, so lockout.test.ts owns that.)
    expect(row!.failed_logins).toBe(byStatus[401]);
  });

  it('an e-mail without an account gets the same limit', async () => {
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login('nobody-burst@example.com', `wrong-pass-${i}`, `10.7.0.${i}`)),
    );
    const byStatus = tally(answers);
    expect(byStatus[401]).toBeGreaterThanOrEqual(1);
    expect(byStatus[401]).toBeLessThanOrEqual(FREE_FAILURES);
  });

  it("one address guessing many accounts at once spends no more than the address's budget", async () => {
    const answers = await Promise.all(
      Array.from({ length: 3 * IP_LIMIT }, (_, i) => login(`sprayed-${i}@example.com`, 'wrong-pass', '10.6.0.1')),
    );
    const byStatus = tally(answers);
    expect(byStatus[401]).toBeGreaterThanOrEqual(1);
    expect(byStatus[401]).toBeLessThanOrEqual(IP_LIMIT);
    expect((byStatus[401] ?? 0) + (byStatus[429] ?? 0)).toBe(3 * IP_LIMIT);
    const [spent] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM failure_events WHERE key = 'ip:10.6.0.1'",
    );
    expect(spent!.n).toBeLessThanOrEqual(IP_LIMIT);
  });

  it('30 wrong TOTP codes at once with one second-factor token: only the free failures are checked', async () => {
    const user = await t.createUser({ totp: true });
    const mfa = (await login(user.email, user.password, '10.5.1.1')).json<{ token: string }>().token;
    const good = totpCode(user.totpSecret!, currentStep());
    const wrong = (i: number) => (String(100000 + i) === good ? '999999' : String(100000 + i));
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/um/mfa/totp/validateCode',
          remoteAddress: `10.5.0.${i}`,
          headers: { authorization: `Bearer ${mfa}` },
          payload: { totpCode: wrong(i) },
        }),
      ),
    );
    const byStatus = tally(answers);
    expect(byStatus[400]).toBeGreaterThanOrEqual(1);
    expect(byStatus[400]).toBeLessThanOrEqual(FREE_FAILURES);
    const [row] = await t.db.query<{ failed_mfa: number }>('SELECT failed_mfa FROM users WHERE id = $1', [user.id]);
    expect(row!.failed_mfa).toBeLessThanOrEqual(FREE_FAILURES);
  });
});
