import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { electronPlugin } from './index';

describe('electron plugin', () => {
  it('renders its page at /electron when the token permits it', async () => {
    renderHost({ plugins: [electronPlugin], token: makeTestToken(['elc#x#r']), path: '/electron' });
    expect(await screen.findByRole('heading', { name: 'Electron' })).toBeTruthy();
    expect(document.querySelector('.electron-page')).not.toBeNull();
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [electronPlugin], token: makeTestToken(['gln#x#r']), path: '/electron' });
    await host.waitForPath('/upgrade/electron');
    expect(screen.queryByRole('heading', { name: 'Electron' })).toBeNull();
  });
});
