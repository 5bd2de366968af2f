import { describe, expect, it } from 'vitest';

import { IDP_CALLBACK_PATH, idpCallbackUrl } from './idpCallback';

describe('idpCallbackUrl', () => {
  it.each([
    ['http://127.0.0.1:8080', 'http://127.0.0.1:8080/login/callback'],
    ['https://console.example', 'https://console.example/login/callback'],
    ['https://console.example/', 'https://console.example/login/callback'],
  ])('%s -> %s', (origin, expected) => {
    expect(idpCallbackUrl(origin)).toBe(expected);
    expect(expected.endsWith(IDP_CALLBACK_PATH)).toBe(true);
  });
});
