import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../test/testApp';
import { createFailureLimiter, UNKNOWN_ACCOUNT_RETENTION_DAYS } from './rateLimit';

describe('failure limiter (database)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('is over budget at the limit-th failure in the window, and says for how long', async () => {
    const limiter = createFailureLimiter(t.db, 3, 600);
    for (let i = 0; i < 2; i++) await limiter.fail('ip:10.40.0.1');
    expect(await limiter.retryAfter('ip:10.40.0.1')).toBe(0);
    await limiter.fail('ip:10.40.0.1');
    const wait = await limiter.retryAfter('ip:10.40.0.1');
    expect(wait).toBeGreaterThan(590);
    expect(wait).toBeLessThanOrEqual(600);
    // The window slides: once the oldest of the three is older than it, the key is under budget again.
    await t.db.query(
      "UPDATE failure_events SET at = now() - interval '11 minutes' WHERE key = 'ip:10.40.0.1' AND id = (SELECT min(id) FROM failure_events WHERE key = 'ip:10.40.0.1')",
    );
    expect(await limiter.retryAfter('ip:10.40.0.1')).toBe(0);
    await limiter.reset('ip:10.40.0.1');
    const [left] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM failure_events WHERE key = 'ip:10.40.0.1'",
    );
    expect(left!.n).toBe(0);
  });

  it('prunes failures outside the window and stand-ins older than the retention', async () => {
    await t.db.query(
      "INSERT INTO failure_events (key, at) VALUES ('ip:10.40.1.1', now() - interval '2 hours'), ('ip:10.40.1.1', now())",
    );
    await t.db.query(
      `INSERT INTO unknown_account_lockouts (key, failures, last_failed_at) VALUES
        ('old', 3, now() - make_interval(days => $1 + 1)), ('recent', 3, now() - make_interval(days => $1 - 1))`,
      [UNKNOWN_ACCOUNT_RETENTION_DAYS],
    );
    await createFailureLimiter(t.db, 3, 600).prune();
    const [events] = await t.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM failure_events WHERE key = 'ip:10.40.1.1'",
    );
    expect(events!.n).toBe(1);
    const keys = await t.db.query<{ key: string }>(
      "SELECT key FROM unknown_account_lockouts WHERE key IN ('old', 'recent')",
    );
    expect(keys.map((k) => k.key)).toEqual(['recent']);
  });
});
