import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';

import { ApiClientToken } from '@core/api/ApiClient';
import { FakePasskeyBrowser } from '@core/auth/passkeys/FakePasskeyBrowser';
import { ServicesProvider } from '@core/react/ServicesProvider';
import { apiFailure } from '@core/testing/apiFailure';
import { createFakeApiClient, type FakeApiHandlers } from '@core/testing/createFakeApiClient';

import { renderHost } from '../../../tests/harness/renderHost';
import { testProduct } from '../../../tests/harness/testPlugins';
import { makeTestToken } from '../../../tests/harness/tokens';
import { mfaSetupPlugin } from '../index';

const token = makeTestToken({ perms: ['gln#rpt#rw'], typ: 'access', exp: 4102444800 });
const laptop = {
  id: '0b9f3c2e-6a51-4d8e-9a4f-1c2d3e4f5a6b',
  name: 'Laptop',
  createdAt: '2026-11-20T08:00:00.000Z',
  lastUsedAt: null,
};
const options = { challenge: 'c-1', rp: { id: 'console.example' } };

afterEach(cleanup);

/** Renders the passkeys section of the profile menu, as the shell does, over a fake API. */
async function openSection(handlers: FakeApiHandlers, passkeys = new FakePasskeyBrowser()) {
  const fake = createFakeApiClient(handlers);
  // A product at /gluon: an address no plugin has would toast 'Page not found' (an alert of its own).
  const host = renderHost({
    plugins: [mfaSetupPlugin, testProduct('gluon', ['gln'])],
    path: '/gluon',
    token,
    services: [[ApiClientToken, fake.api]],
  });
  const entry = host.registry.registered().profileMenu.find((item) => item.id === 'passkeys');
  expect(entry).toMatchObject({ pluginId: 'mfa-setup', label: 'Passkeys', account: true });
  const { PasskeysSection } = await import('./PasskeysSection');
  render(
    <ServicesProvider container={host.services}>
      <PasskeysSection close={() => undefined} passkeys={passkeys} />
    </ServicesProvider>,
  );
  return { calls: fake.calls, passkeys };
}

describe('passkeys in the profile menu', () => {
  it('adds a passkey with a name through the browser, then renames and removes it after confirming', async () => {
    let list = [] as (typeof laptop)[];
    const { calls, passkeys } = await openSection({
      'GET /um/passkeys': () => ({ passkeys: list, required: false }),
      'POST /um/passkeys/registration/options': () => ({ options }),
      'POST /um/passkeys/registration/verify': ({ body }) => ((list = [{ ...laptop, name: body.name }]), list[0]!),
      'PATCH /um/passkeys/{id}': ({ body }) => ({ ...laptop, name: body.name }),
      'DELETE /um/passkeys/{id}': () => undefined,
    });
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name of the new passkey' }), 'Laptop');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    const row = await screen.findByRole('listitem', { name: 'Laptop' });
    expect(row.textContent).toMatch(/Added .*2026.*never used/);
    expect(passkeys.calls).toEqual([{ kind: 'register', options }]);
    expect(calls.find((c) => c.route === 'POST /um/passkeys/registration/verify')?.options.body).toEqual({
      name: 'Laptop',
      credential: { id: 'credential-1', type: 'public-key' },
    });

    await userEvent.click(within(row).getByRole('button', { name: 'Rename Laptop' }));
    const field = screen.getByRole('textbox', { name: 'Passkey name' });
    await userEvent.clear(field);
    await userEvent.type(field, 'Work laptop{Enter}');
    const renamed = await screen.findByRole('listitem', { name: 'Work laptop' });

    await userEvent.click(within(renamed).getByRole('button', { name: 'Remove Work laptop' }));
    expect(await screen.findByText(/Remove the passkey "Work laptop"\?/)).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText('No passkeys yet.')).toBeTruthy();
    expect(calls.map((c) => `${c.route.split(' ')[0]} ${c.url}`)).toContain(`DELETE /um/passkeys/${laptop.id}`);
  });

  it("backing out of the browser's dialog adds nothing and shows no error; a refusal shows the API's message", async () => {
    const cancelled = new FakePasskeyBrowser();
    cancelled.answer = 'cancel';
    const { calls } = await openSection(
      {
        'GET /um/passkeys': () => ({ passkeys: [], required: true }),
        'POST /um/passkeys/registration/options': () => ({ options }),
        'POST /um/passkeys/registration/verify': () => {
          throw apiFailure(400, { message: 'The passkey could not be verified. Try again.' });
        },
      },
      cancelled,
    );
    expect(await screen.findByText('Your organization requires a passkey: add one.')).toBeTruthy();
    await userEvent.type(screen.getByRole('textbox', { name: 'Name of the new passkey' }), 'Key');
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect(calls.some((c) => c.route === 'POST /um/passkeys/registration/verify')).toBe(false);
    expect(screen.queryByRole('alert')).toBeNull();

    cancelled.answer = { id: 'credential-2', type: 'public-key' };
    await userEvent.click(screen.getByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The passkey could not be verified. Try again.');
  });

  it('asks for a name before opening the browser', async () => {
    const { passkeys } = await openSection({ 'GET /um/passkeys': () => ({ passkeys: [], required: false }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Add a passkey' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Give the passkey a name.');
    expect(passkeys.calls).toEqual([]);
  });
});
