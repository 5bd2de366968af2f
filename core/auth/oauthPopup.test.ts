import { describe, expect, it } from 'vitest';

import { oauthPopupMessage, readOAuthPopupMessage } from './oauthPopup';

describe('OAuth popup messages', () => {
  const popup = {};
  const expected = { origin: 'https://console.example', source: popup };
  const data = oauthPopupMessage({ code: 'c1', state: 'r|provider=google&popup=1' });

  it('reads the code and state posted by our popup from our origin', () => {
    expect(
      readOAuthPopupMessage({ origin: 'https://console.example', source: popup as MessageEventSource, data }, expected),
    ).toEqual({
      code: 'c1',
      state: 'r|provider=google&popup=1',
    });
  });

  it('reads a refusal with its description', () => {
    const refusal = oauthPopupMessage({ error: 'The user cancelled', state: 'r|provider=google&popup=1' });
    expect(
      readOAuthPopupMessage(
        { origin: 'https://console.example', source: popup as MessageEventSource, data: refusal },
        expected,
      ),
    ).toEqual({
      error: 'The user cancelled',
      state: 'r|provider=google&popup=1',
    });
  });

  it.each([
    ['another origin', { origin: 'https://evil.example', source: popup, data }],
    ['another window', { origin: 'https://console.example', source: {}, data }],
    ['another message type', { origin: 'https://console.example', source: popup, data: { ...data, type: 'other' } }],
    ['a missing code', { origin: 'https://console.example', source: popup, data: { ...data, code: '' } }],
    ['no data', { origin: 'https://console.example', source: popup, data: null }],
    [
      'neither code nor error',
      { origin: 'https://console.example', source: popup, data: { type: 'oauth-popup-callback', state: 's' } },
    ],
  ])('ignores %s', (_label, event) => {
    expect(readOAuthPopupMessage(event as unknown as MessageEvent, expected)).toBeNull();
  });
});
