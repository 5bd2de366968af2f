import { performance } from 'node:perf_hooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp, type TestUser } from '../../test/testApp';

const PAIRS = 60;
const TRIES_PER_USER = 3; // below the 5 free failures: every known try is a plain 401, never a 429

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/**
 * A failed sign-in costs the same for a known and an unknown account (same statements,
 * same argon2id work; the audit row is written after the answer). Known and unknown tries are
 * interleaved in a random order per pair, so load from elsewhere on the machine hits both alike.
 */
describe('failed sign-ins: known and unknown accounts are not told apart by time', () => {
  let t: TestApp;
  let users: TestUser[];
  beforeAll(async () => {
    // The inspection worker polls the same database at random moments: noise that is not sign-in.
    t = await createTestApp({ env: { IP_FAILURE_LIMIT: '1000000', GLUON_WORKER: 'off' } });
    users = [];
    for (let i = 0; i < Math.ceil(PAIRS / TRIES_PER_USER); i++) users.push(await t.createUser());
  }, 60_000);
  afterAll(() => t.close());

  /** Wall time and CPU time (all threads of this process: argon2id's pool, PGlite, Fastify) of one try, in ms. */
  const timed = async (username: string, i: number): Promise<{ wall: number; cpu: number }> => {
    const cpu0 = process.cpuUsage();
    const start = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/um/login',
      payload: { username, password: 'not the password' },
      remoteAddress: `10.77.${i >> 8}.${i & 255}`,
    });
    const wall = performance.now() - start;
    const used = process.cpuUsage(cpu0);
    expect(res.statusCode, res.body).toBe(401);
    // The known account's audit row is written after the answer; let it land before the next try
    // so it is not charged to whichever try comes next.
    await t.app.auditQueue.drain();
    return { wall, cpu: (used.user + used.system) / 1000 };
  };

  it(`medians over ${PAIRS} interleaved known and unknown tries are within 10 %`, async () => {
    // Warm-up (argon2 dummy hash, statement plans) outside the measurement.
    await timed(users[0]!.email, 0);
    await timed('warm-up@nowhere.example', 1);
    const known: { wall: number; cpu: number }[] = [];
    const unknown: { wall: number; cpu: number }[] = [];
    for (let i = 0; i < PAIRS; i++) {
      const knownEmail = users[Math.floor(i / TRIES_PER_USER) % users.length]!.email;
      const unknownEmail = `nobody-${i}@nowhere.example`;
      if (Math.random() < 0.5) {
        known.push(await timed(knownEmail, 2 * i + 2));
        unknown.push(await timed(unknownEmail, 2 * i + 3));
      } else {
        unknown.push(await timed(unknownEmail, 2 * i + 3));
        known.push(await timed(knownEmail, 2 * i + 2));
      }
    }
    // The bound is on the work each try costs: the CPU time of the process (argon2id's threads
    // included). Wall time on a machine shared with other test processes varies by more than the
    // 10 % asked for; it is reported with the result. On PostgreSQL both paths also make the same
    // number of round trips (one read, one write).
    const cpuKnown = median(known.map((x) => x.cpu));
    const cpuUnknown = median(unknown.map((x) => x.cpu));
    const ratio = Math.max(cpuKnown, cpuUnknown) / Math.min(cpuKnown, cpuUnknown);
    const detail =
      `median CPU known ${cpuKnown.toFixed(2)} ms, unknown ${cpuUnknown.toFixed(2)} ms; ` +
      `median wall known ${median(known.map((x) => x.wall)).toFixed(2)} ms, unknown ${median(unknown.map((x) => x.wall)).toFixed(2)} ms`;
    expect(ratio, detail).toBeLessThan(1.1);
    // Both paths did their writes: the known accounts' counters and the stand-ins of unknown names.
    const [counted] = await t.db.query<{ n: number }>('SELECT sum(failed_logins)::int AS n FROM users');
    expect(counted!.n).toBe(PAIRS + 1);
    const [standIns] = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM unknown_account_lockouts');
    expect(standIns!.n).toBe(PAIRS + 1);
  }, 120_000);
});
