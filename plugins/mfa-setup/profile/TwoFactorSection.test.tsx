import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { ServicesProvider } from '@core/react/ServicesProvider';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import { mfaSetupPlugin } from '../index';

const token = makeTestToken({ perms: ['gln#rpt#rw'], typ: 'access', exp: 4102444800 });

afterEach(cleanup);

/** Renders the section the registry contributes to the profile menu, as the shell does. */
async function openSection(totpEnabled: boolean) {
  const host = renderHost({
    plugins: [mfaSetupPlugin],
    path: '/gluon',
    token,
    profile: { username: 'bob', email: 'bob@example.com', totpEnabled },
  });
  const [entry] = host.registry.registered().profileMenu;
  expect(entry).toMatchObject({ pluginId: 'mfa-setup', label: 'Two-factor authentication' });
  const { default: Section } = await entry!.component();
  const closed: string[] = [];
  render(
    <ServicesProvider container={host.services}>
      <Section close={() => closed.push('closed')} />
    </ServicesProvider>,
  );
  return { host, closed };
}

describe('two-factor entry of the profile menu', () => {
  it('is contributed only to a signed-in user', () => {
    const host = renderHost({ plugins: [mfaSetupPlugin], path: '/login', token: null });
    expect(host.registry.registered().profileMenu).toEqual([]);
  });

  it('shows Off and leads to /config/2fa, closing the menu', async () => {
    const { host, closed } = await openSection(false);
    expect(screen.getByTestId('two-factor-section').textContent).toContain('Off');
    await userEvent.click(screen.getByRole('button', { name: 'Set up two-factor authentication' }));
    expect(closed).toEqual(['closed']);
    await host.waitForPath('/config/2fa');
  });

  it('shows On with a Manage button when the profile says so', async () => {
    await openSection(true);
    expect(screen.getByTestId('two-factor-section').textContent).toContain('On');
    expect(screen.getByRole('button', { name: 'Manage two-factor authentication' })).toBeTruthy();
  });
});
