import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it } from 'vitest';

import { definePlugin } from '@core/plugin/PluginManifest';
import { apiFailure, fakeService, networkFailure } from '@core/testing';
import { type Toast, type ToastService, ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../../../tests/harness/renderHost';
import { type ResetPasswordApi, ResetPasswordApiToken } from '../api/ResetPasswordApi';
import { resetPasswordPlugin } from '../index';

// The first render would otherwise pay for compiling the lazy chunks (page and services) inside a findBy timeout.
beforeAll(async () => {
  await Promise.all([import('./ResetPasswordPage'), import('../services/resetPasswordServices')]);
});

const ID = 'abcdefghijklmnopqrstuv';

/** /login exists, so the success redirect lands on a page. */
const loginStub = definePlugin({
  id: 'stub',
  title: 'Stub',
  kind: 'public',
  requires: [],
  routes: [{ path: '/login', page: async () => ({ default: () => <p>login page</p> }) }],
});

/** The page with a fake ResetPasswordApi (the requests themselves: DefaultResetPasswordApi.test.ts). */
function setup(own: Partial<ResetPasswordApi>) {
  const api = fakeService<ResetPasswordApi>('ResetPasswordApi', {}, own);
  const host = renderHost({
    plugins: [resetPasswordPlugin, loginStub],
    path: `/resetPassword/${ID}`,
    services: [[ResetPasswordApiToken, api]],
  });
  const toasts = () => {
    let list: readonly Toast[] = [];
    host.services
      .resolve<ToastService>(ToastServiceToken)
      .toasts$.subscribe((value) => (list = value))
      .unsubscribe();
    return list;
  };
  const calls = () => api.changePassword.mock.calls;
  return { host, api, calls, toasts };
}

const failure = (status: number, message: string | null) => () =>
  Promise.reject(apiFailure(status, message === null ? {} : { statusCode: status, error: 'x', message }));
const withOtp = (otp: boolean) => async () => ({ otp });
const changed = async () => undefined;

async function typePasswords(password: string, confirmation = password) {
  await userEvent.type(await screen.findByLabelText('New Password'), password);
  await userEvent.type(screen.getByLabelText('Confirm New Password'), confirmation);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('validation of the link', () => {
  it('shows a spinner while the link is checked (public call)', async () => {
    const { api } = setup({ checkLink: () => new Promise(() => {}) });
    expect(await screen.findByText('Checking your link…')).toBeTruthy();
    expect(screen.queryByLabelText('New Password')).toBeNull();
    expect(api.checkLink.mock.calls).toEqual([[ID]]);
  });

  it.each([
    [410, 'This password reset link has expired'],
    [404, 'This password reset link is invalid'],
  ])('%d: the expired view with the server message, a way back to login and to support', async (status, message) => {
    const { host } = setup({ checkLink: failure(status, message) });
    expect(await screen.findByRole('heading', { name: 'Sorry, this link has expired!' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe(message);
    expect(screen.getByRole('link', { name: 'Contact support' }).getAttribute('href')).toBe(
      'https://support.jamf.com/',
    );
    expect(screen.queryByLabelText('New Password')).toBeNull();
    await userEvent.click(screen.getByRole('link', { name: 'Try again' }));
    await host.waitForPath('/login');
  });

  it('a network failure also shows the expired view, never a blank page', async () => {
    setup({ checkLink: () => Promise.reject(networkFailure()) });
    expect(await screen.findByRole('heading', { name: 'Sorry, this link has expired!' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

describe('without a second factor', () => {
  it('requires both passwords and says when they do not match (no call)', async () => {
    const { calls } = setup({ checkLink: withOtp(false) });
    await userEvent.click(await screen.findByRole('button', { name: 'Change password' }));
    expect(screen.getAllByText('Password is required')).toHaveLength(2);
    await typePasswords('Passw0rd!x', 'Passw0rd!y');
    expect(await screen.findByText("Password doesn't match")).toBeTruthy();
    expect(calls()).toHaveLength(0);
  });

  it('offers a way back to the login screen without changing anything', async () => {
    const { host, calls } = setup({ checkLink: withOtp(false) });
    await userEvent.click(await screen.findByRole('link', { name: 'Return to login screen' }));
    await host.waitForPath('/login');
    expect(calls()).toHaveLength(0);
  });

  it('submits at once, shows the success toast for 3 s and goes to /login', async () => {
    const { host, calls, toasts } = setup({ checkLink: withOtp(false), changePassword: changed });
    await typePasswords('Passw0rd!x');
    await host.waitForPath('/login');
    expect(calls()).toEqual([[ID, { otp: null, otpRecoveryCode: null, password: 'Passw0rd!x' }]]);
    expect(toasts()).toEqual([
      expect.objectContaining({
        intent: 'success',
        title: 'Reset password',
        message: 'Your password has been reset',
        timeout: 3000,
      }),
    ]);
  });

  it('shows the server message when the change fails, and keeps the form', async () => {
    const { host, toasts } = setup({
      checkLink: withOtp(false),
      changePassword: failure(400, 'The password must have at least 8 characters'),
    });
    await typePasswords('short');
    expect((await screen.findByRole('alert')).textContent).toBe('The password must have at least 8 characters');
    expect(screen.getByLabelText('New Password')).toBeTruthy();
    expect(host.navigation.path()).toBe(`/resetPassword/${ID}`);
    expect(toasts()).toEqual([]);
  });

  it('a link used meanwhile turns into the expired view', async () => {
    setup({ checkLink: withOtp(false), changePassword: failure(410, 'This password reset link has expired') });
    await typePasswords('Passw0rd!x');
    expect(await screen.findByRole('heading', { name: 'Sorry, this link has expired!' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('This password reset link has expired');
  });
});

describe('with a second factor', () => {
  const otp = { checkLink: withOtp(true) };

  it('collects the password without a call, then asks for the numeric authentication code', async () => {
    const { host, calls } = setup({ ...otp, changePassword: changed });
    await typePasswords('Passw0rd!x');
    const code = await screen.findByLabelText('Authentication code');
    expect(calls()).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authentication code is required')).toBeTruthy();
    await userEvent.type(code, '12a34-56');
    expect((code as HTMLInputElement).value).toBe('123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await host.waitForPath('/login');
    expect(calls()).toEqual([[ID, { otp: '123456', otpRecoveryCode: null, password: 'Passw0rd!x' }]]);
  });

  it('switches to the recovery code and back; dashes are removed before sending', async () => {
    const { host, calls } = setup({ ...otp, changePassword: changed });
    await typePasswords('Passw0rd!x');
    await userEvent.click(await screen.findByRole('button', { name: 'Use a recovery code' }));
    await screen.findByLabelText('Recovery code');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Recovery code is required')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use an authentication code' }));
    expect(await screen.findByLabelText('Authentication code')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Use a recovery code' }));
    await userEvent.type(await screen.findByLabelText('Recovery code'), '1234-5678-9012');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await host.waitForPath('/login');
    expect(calls()).toEqual([[ID, { otp: null, otpRecoveryCode: '123456789012', password: 'Passw0rd!x' }]]);
  });

  it('a wrong code keeps the code step with the server message', async () => {
    setup({ ...otp, changePassword: failure(400, 'Wrong TOTP code') });
    await typePasswords('Passw0rd!x');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Wrong TOTP code');
    expect(screen.getByLabelText('Authentication code')).toBeTruthy();
  });

  it('a refused password goes back to the password step with the server message', async () => {
    setup({ ...otp, changePassword: failure(400, 'The password must not be your e-mail address') });
    await typePasswords('bob@example.com');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The password must not be your e-mail address');
    expect(await screen.findByLabelText('New Password')).toBeTruthy();
  });

  it("shows a 5xx's server message (spec §8), and the unknown-error text only when there is none", async () => {
    setup({ ...otp, changePassword: failure(503, 'The mail service is down, try again in a minute.') });
    await typePasswords('Passw0rd!x');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The mail service is down, try again in a minute.'),
    );
  });

  it('a failure without a message shows the unknown-error text', async () => {
    setup({ ...otp, changePassword: failure(500, null) });
    await typePasswords('Passw0rd!x');
    await userEvent.type(await screen.findByLabelText('Authentication code'), '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('The application has encountered an unknown error'),
    );
  });
});
