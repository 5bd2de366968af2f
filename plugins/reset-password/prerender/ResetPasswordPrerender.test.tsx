import { cleanup, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { AxiosInstanceToken } from '@core/http/HttpService';
import { createFakeAxios } from '@core/testing/createFakeAxios';

import { markupOf } from '../../../tests/harness/markupOf';
import { renderHost } from '../../../tests/harness/renderHost';
import { resetPasswordPlugin } from '../index';
import { ResetTexts } from '../logic/texts';
import { ResetPasswordPrerender } from './ResetPasswordPrerender';

beforeAll(async () => {
  await import('../pages/ResetPasswordPage');
}, 60_000);
afterEach(cleanup);

describe('the document copy of the password reset page', () => {
  it('is the markup of the live page’s first render, while the link is checked', async () => {
    // The API never answers: the page stays in its first state.
    const fake = createFakeAxios(() => new Promise(() => {}));
    const host = renderHost({
      plugins: [resetPasswordPlugin],
      path: '/resetPassword/link-1',
      services: [[AxiosInstanceToken, fake.axios]],
    });
    await screen.findByText(ResetTexts.validating);
    const copy = document.createElement('div');
    copy.innerHTML = renderToStaticMarkup(<ResetPasswordPrerender />);
    expect(copy.querySelector('h1')!.textContent).toBe(ResetTexts.title);
    expect(markupOf(host.container.querySelector('main')!)).toBe(markupOf(copy));
  });
});
