import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { monitoringPlugin } from './index';

describe('monitoring plugin', () => {
  it('renders its page at /monitoring when the token permits it', async () => {
    renderHost({ plugins: [monitoringPlugin], token: makeTestToken(['mnt#x#r']), path: '/monitoring' });
    expect(await screen.findByRole('heading', { name: 'Monitoring' })).toBeTruthy();
    expect(document.querySelector('.monitoring-page')).not.toBeNull();
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [monitoringPlugin], token: makeTestToken(['gln#x#r']), path: '/monitoring' });
    await host.waitForPath('/upgrade/monitoring');
    expect(screen.queryByRole('heading', { name: 'Monitoring' })).toBeNull();
  });
});
