import { describe, expect, it } from 'vitest';
import { callFailure, readCallFailure } from '../http/callFailure';
import { apiFailure } from './apiFailure';
import { createFakeApi } from './createFakeApi';

interface ThingsApi {
  getThing(id: string): Promise<{ id: string }>;
  deleteThing(id: string): Promise<void>;
}

describe('createFakeApi', () => {
  it('answers with the given methods, records every call in order, and refuses the others as a 404', async () => {
    const fake = createFakeApi<ThingsApi>({ getThing: async (id) => ({ id }) });
    expect(await fake.api.getThing('a')).toEqual({ id: 'a' });
    const refused = await fake.api.deleteThing('a').catch((error: unknown) => error);
    expect(callFailure(refused).status).toBe(404);
    expect(fake.calls).toEqual([
      { method: 'getThing', args: ['a'] },
      { method: 'deleteThing', args: ['a'] },
    ]);
    expect(fake.argsOf('getThing')).toEqual([['a']]);
  });

  it('is not a promise, nor disposable: awaiting or registering it calls nothing', async () => {
    const fake = createFakeApi<ThingsApi>({});
    expect(await Promise.resolve(fake.api)).toBe(fake.api);
    expect((fake.api as { dispose?: unknown }).dispose).toBeUndefined();
    expect(fake.calls).toEqual([]);
  });
});

describe('apiFailure', () => {
  it("reads as the API's error answer, or as the given body (a download's Blob)", async () => {
    expect(callFailure(apiFailure(400, 'Bundle is not valid JSON'))).toEqual({ status: 400, message: 'Bundle is not valid JSON' });
    const blob = new Blob([JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'The link does not exist.' })]);
    expect(await readCallFailure(apiFailure(404, blob))).toEqual({ status: 404, message: 'The link does not exist.' });
  });
});
