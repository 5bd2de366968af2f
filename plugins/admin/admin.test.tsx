import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { adminPlugin } from './index';

describe('admin plugin', () => {
  it('renders its page at /admin when the token permits it', async () => {
    renderHost({ plugins: [adminPlugin], token: makeTestToken(['umg#x#r']), path: '/admin' });
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(document.querySelector('.admin-page')).not.toBeNull();
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [adminPlugin], token: makeTestToken(['gln#x#r']), path: '/admin' });
    await host.waitForPath('/upgrade/admin');
    expect(screen.queryByRole('heading', { name: 'Administration' })).toBeNull();
  });
});
