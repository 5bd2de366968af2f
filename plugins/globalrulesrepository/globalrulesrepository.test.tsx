import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderHost } from '../../tests/harness/renderHost';
import { prefixOwner } from '../../tests/harness/testPlugins';
import { makeTestToken } from '../../tests/harness/tokens';
import { globalrulesrepositoryPlugin } from './index';

describe('globalrulesrepository plugin', () => {
  it('renders its page at /globalrulesrepository when the token permits it', async () => {
    renderHost({
      plugins: [globalrulesrepositoryPlugin, prefixOwner('gln')],
      token: makeTestToken(['gln#x#r']),
      path: '/globalrulesrepository',
    });
    expect(await screen.findByRole('heading', { name: 'Global rules repository' })).toBeTruthy();
    expect(document.querySelector('.globalrulesrepository-page')).not.toBeNull();
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({
      plugins: [globalrulesrepositoryPlugin, prefixOwner('gln')],
      token: makeTestToken(['elc#x#r']),
      path: '/globalrulesrepository',
    });
    await host.waitForPath('/upgrade/globalrulesrepository');
    expect(screen.queryByRole('heading', { name: 'Global rules repository' })).toBeNull();
  });
});
