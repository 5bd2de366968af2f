import { AxiosError } from 'axios';
import { describe, expect, it } from 'vitest';

import { apiFailure } from '@core/testing/apiFailure';

import { ACCOUNT_ERROR_TEXTS, boundErrorText, ERROR_TEXT_MAX, errorText, PRODUCT_ERROR_TEXTS } from './errorText';

describe('errorText', () => {
  it("shows the API's message of a refused call", () => {
    expect(errorText(apiFailure(400, { message: 'limit must be ≤ 500' }))).toBe('limit must be ≤ 500');
  });

  it('falls back to the given texts when there is no message or no answer', () => {
    expect(errorText(apiFailure(500, {}))).toBe(PRODUCT_ERROR_TEXTS.fallback);
    expect(errorText(new Error('boom'), 'The upload failed.')).toBe('The upload failed.');
    expect(errorText(new AxiosError('Network Error', AxiosError.ERR_NETWORK))).toBe(PRODUCT_ERROR_TEXTS.unreachable);
    expect(errorText(new AxiosError('Network Error', AxiosError.ERR_NETWORK), ACCOUNT_ERROR_TEXTS)).toBe(
      ACCOUNT_ERROR_TEXTS.unreachable,
    );
  });

  it('cuts a 102,466-character message (a sweep over a 100 KB value) to the bound, ending with an ellipsis', () => {
    const message = `value must be at most 1024 characters: ${'x'.repeat(102_466 - 39)}`;
    expect(message).toHaveLength(102_466);
    const shown = errorText(apiFailure(400, { message }));
    expect(shown).toHaveLength(ERROR_TEXT_MAX);
    expect(shown.endsWith('…')).toBe(true);
    expect(shown.startsWith('value must be at most 1024 characters: xxx')).toBe(true);
  });
});

describe('boundErrorText', () => {
  it('leaves a message at the bound as it is', () => {
    const exact = 'y'.repeat(ERROR_TEXT_MAX);
    expect(boundErrorText(exact)).toBe(exact);
    expect(boundErrorText(`${exact}z`)).toHaveLength(ERROR_TEXT_MAX);
  });

  it('never splits a surrogate pair', () => {
    const shown = boundErrorText('😀'.repeat(400), 10);
    expect(Array.from(shown)).toEqual([...Array<string>(9).fill('😀'), '…']);
  });
});
