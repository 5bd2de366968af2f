import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { gluonPlugin } from './index';

const token = makeTestToken(['gln#rpt#r']);

describe('gluon plugin', () => {
  it.each([
    ['/gluon', 'Gluon'],
    ['/gluon/upload', 'Upload'],
    ['/devices/d-42', 'Device d-42'],
    ['/incident-management/i-7', 'Incident i-7'],
  ])('renders %s', async (path, heading) => {
    renderHost({ plugins: [gluonPlugin], token, path });
    expect(await screen.findByRole('heading', { name: heading })).toBeTruthy();
  });

  it('sends a signed-in user without gln permissions to the upgrade page', async () => {
    const host = renderHost({ plugins: [gluonPlugin], token: makeTestToken(['elc#a#r']), path: '/devices/d-1' });
    await host.waitForPath('/upgrade/gluon');
    expect(await screen.findByText('Gluon is not enabled')).toBeTruthy();
  });
});
