import { describe, expect, it } from 'vitest';

import { callFailure, readCallFailure } from '../http/callFailure';
import { apiFailure } from './apiFailure';
import { fakeService } from './fakeService';

interface ThingsApi {
  getThing(id: string): Promise<{ id: string }>;
  listThings(): Promise<string[]>;
  deleteThing(id: string): Promise<void>;
}

describe('fakeService', () => {
  it("answers with the test's methods over the defaults, records each call, and refuses the others as a 404 naming them", async () => {
    const fake = fakeService<ThingsApi>(
      'ThingsApi',
      { getThing: async () => ({ id: 'default' }), listThings: async () => ['a'] },
      { getThing: async (id) => ({ id }) },
    );
    expect(await fake.getThing('a')).toEqual({ id: 'a' });
    expect(await fake.listThings()).toEqual(['a']);
    const refused = await fake.deleteThing('a').catch((error: unknown) => error);
    expect(callFailure(refused)).toEqual({ status: 404, message: 'ThingsApi.deleteThing is not faked in this test' });
    expect(fake.getThing.mock.calls).toEqual([['a']]);
    expect(fake.deleteThing).toHaveBeenCalledWith('a');
    // Its own keys are the methods asked: a test can tell that nothing at all was called.
    expect(Object.keys(fake)).toEqual(['getThing', 'listThings', 'deleteThing']);
  });

  it('is not a promise, nor disposable: awaiting or registering it calls nothing', async () => {
    const fake = fakeService<ThingsApi>('ThingsApi', {});
    expect(await Promise.resolve(fake)).toBe(fake);
    for (const probe of [
      'then',
      'catch',
      'finally',
      'toJSON',
      'constructor',
      'dispose',
      'asymmetricMatch',
      'nodeType',
      '$$typeof',
    ]) {
      expect((fake as unknown as Record<string, unknown>)[probe]).toBeUndefined();
    }
    expect(Object.keys(fake)).toEqual([]);
  });
});

describe('apiFailure', () => {
  it("reads as the API's error answer, or as the given body (a download's Blob)", async () => {
    expect(callFailure(apiFailure(400, 'Bundle is not valid JSON'))).toEqual({
      status: 400,
      message: 'Bundle is not valid JSON',
    });
    const blob = new Blob([
      JSON.stringify({ statusCode: 404, error: 'Not Found', message: 'The link does not exist.' }),
    ]);
    expect(await readCallFailure(apiFailure(404, blob))).toEqual({ status: 404, message: 'The link does not exist.' });
  });
});
