import { cleanup, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';

import { AxiosInstanceToken } from '@core/http/HttpService';
import { createFakeAxios } from '@core/testing/createFakeAxios';

import { markupOf } from '../../../tests/harness/markupOf';
import { renderHost } from '../../../tests/harness/renderHost';
import { invitePlugin } from '../index';
import { InvitePrerender } from './InvitePrerender';

beforeAll(async () => {
  await import('../pages/InvitePage');
}, 60_000);
afterEach(cleanup);

describe('the document copy of the invite wizard', () => {
  it('is the markup of the live page’s first render, while the invitation is read', async () => {
    // The API never answers: the page stays in its first state.
    const fake = createFakeAxios(() => new Promise(() => {}));
    const host = renderHost({
      plugins: [invitePlugin],
      path: '/invite/0c2f1b',
      services: [[AxiosInstanceToken, fake.axios]],
    });
    // The wizard's own heading: the host's spinner (while the page chunk loads) is also labelled Loading.
    await screen.findByRole('heading', { name: 'Welcome' });
    const copy = document.createElement('div');
    copy.innerHTML = renderToStaticMarkup(<InvitePrerender />);
    expect(copy.querySelector('h1')!.textContent).toBe('Welcome');
    expect(markupOf(host.container.querySelector('main')!)).toBe(markupOf(copy));
  });
});
