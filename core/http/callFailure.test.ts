import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';
import { describe, expect, it } from 'vitest';

import { callFailure, failureMessage, readCallFailure } from './callFailure';

function answered(status: number, data: unknown): AxiosError {
  const config = { headers: new AxiosHeaders() };
  const response = { status, statusText: '', data, headers: {}, config } as AxiosResponse;
  return new AxiosError('failed', 'ERR_BAD_RESPONSE', config, {}, response);
}
const unanswered = () => new AxiosError('Network Error', 'ERR_NETWORK', { headers: new AxiosHeaders() }, {});
const TEXTS = { fallback: 'Unknown', unreachable: 'Offline' };

describe('callFailure', () => {
  it.each([
    [
      'an answer with a message',
      answered(400, { statusCode: 400, error: 'Bad Request', message: 'Name is required' }),
      { status: 400, message: 'Name is required' },
    ],
    ['an answer without one', answered(502, '<html>bad gateway</html>'), { status: 502, message: null }],
    ['a blank message', answered(400, { message: '  ' }), { status: 400, message: null }],
    ['a message that is not text', answered(400, { message: { text: 'x' } }), { status: 400, message: null }],
    ['no answer', unanswered(), { status: 0, message: null }],
    ['not a call at all', new Error('bug'), { status: -1, message: null }],
  ])('%s', (_name, error, expected) => {
    expect(callFailure(error)).toEqual(expected);
  });

  it('reads the JSON error a Blob answer holds (downloads), and copes with one that is not JSON', async () => {
    expect(
      await readCallFailure(answered(403, new Blob([JSON.stringify({ message: 'This link has expired' })]))),
    ).toEqual({ status: 403, message: 'This link has expired' });
    expect(await readCallFailure(answered(500, new Blob(['oops'])))).toEqual({ status: 500, message: null });
    expect(await readCallFailure(answered(400, { message: 'plain' }))).toEqual({ status: 400, message: 'plain' });
  });
});

describe('failureMessage', () => {
  it("shows the API's message, else the screen's own texts", () => {
    expect(failureMessage(answered(409, { message: 'Already exists' }), TEXTS)).toBe('Already exists');
    expect(failureMessage(answered(500, {}), TEXTS)).toBe('Unknown');
    expect(failureMessage(unanswered(), TEXTS)).toBe('Offline');
    expect(failureMessage(unanswered(), { fallback: 'Unknown' })).toBe('Unknown');
    expect(failureMessage(new TypeError('x is undefined'), TEXTS)).toBe('Unknown');
  });

  it('hides 5xx messages when asked', () => {
    expect(failureMessage(answered(503, { message: 'Database down' }), TEXTS)).toBe('Database down');
    expect(failureMessage(answered(503, { message: 'Database down' }), { ...TEXTS, hideServerErrors: true })).toBe(
      'Unknown',
    );
    expect(failureMessage(answered(422, { message: 'Too short' }), { ...TEXTS, hideServerErrors: true })).toBe(
      'Too short',
    );
  });
});
