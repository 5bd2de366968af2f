import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { neutrinoPlugin } from './index';

describe('neutrino plugin', () => {
  it('renders its page at /neutrino when the token permits it', async () => {
    renderHost({ plugins: [neutrinoPlugin], token: makeTestToken(['ntr#x#r']), path: '/neutrino' });
    expect(await screen.findByRole('heading', { name: 'Neutrino' })).toBeTruthy();
    expect(document.querySelector('.neutrino-page')).not.toBeNull();
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [neutrinoPlugin], token: makeTestToken(['gln#x#r']), path: '/neutrino' });
    await host.waitForPath('/upgrade/neutrino');
    expect(screen.queryByRole('heading', { name: 'Neutrino' })).toBeNull();
  });
});
