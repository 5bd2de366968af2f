import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { firstValueFrom } from 'rxjs';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { AxiosInstanceToken } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { StorageServiceToken } from '@core/storage/StorageService';
import { createFakeAxios, fakeJwt, type FakeReply, type FakeRequest } from '@core/testing/createFakeAxios';
import { renderHost } from '../../../tests/harness/renderHost';
import { MemoryStorageService } from '../../../tests/harness/MemoryStorageService';
import { mfaSetupPlugin } from '../index';

type Routes = Record<string, (request: FakeRequest) => FakeReply>;

const token = fakeJwt({ perms: ['gln#rpt#rw'], typ: 'access', exp: 4102444800 });
const setupAnswer = { secret: 'JBSWY3DPEHPK3PXP', otpauthUrl: 'otpauth://totp/x', recoveryCodes: ['1111-2222', '3333-4444'] };

const okRoutes: Routes = {
  'POST /um/mfa/validatePassword': (r) => ((r.data as { password: string }).password === 'Passw0rd!' ? { status: 200, data: { token: 'recovery-1' } } : { status: 401, data: { message: 'Wrong password' } }),
  'PUT /um/mfa/totp/create': () => ({ status: 200, data: setupAnswer }),
  'GET /um/mfa/totp/qr': () => ({ status: 200, data: new Blob(['png'], { type: 'image/png' }) }),
  'POST /um/mfa/totp/verifyQr': (r) => ((r.data as { totpCode: string }).totpCode === '123456' ? { status: 200, data: { user: {} } } : { status: 400, data: { message: 'Wrong TOTP code' } }),
  'DELETE /um/mfa/totp': () => ({ status: 204 }),
};

function setup(path: string, totpEnabled: boolean, routes: Routes = okRoutes) {
  const fake = createFakeAxios((request) => {
    const route = routes[`${request.method} ${request.url}`];
    return route ? route(request) : { status: 404, data: {} };
  });
  const storage = new MemoryStorageService();
  const navigation = new MemoryNavigationService(path);
  const visited: string[] = [];
  navigation.search$.subscribe(() => visited.push(navigation.href()));
  navigation.path$.subscribe(() => visited.push(navigation.href()));
  const host = renderHost({
    plugins: [mfaSetupPlugin],
    path,
    token,
    profile: { username: 'bob', email: 'bob@example.com', totpEnabled },
    services: [[AxiosInstanceToken, fake.axios], [StorageServiceToken, storage], [NavigationServiceToken, navigation]],
  });
  const calls = (key: string) => fake.requests.filter((r) => `${r.method} ${r.url}` === key);
  return { host, storage, calls, visited };
}

async function confirmPassword(password: string) {
  await userEvent.type(await screen.findByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Continue' }));
}

beforeAll(() => {
  // jsdom has no object URLs; the page only needs a string to put in <img src>.
  URL.createObjectURL ??= () => 'blob:test';
  URL.revokeObjectURL ??= () => undefined;
});
afterEach(cleanup);

describe('two-factor set-up', () => {
  it('turns MFA on: password, QR with the secret as text, six-digit verification, recovery codes once', async () => {
    const { host, calls } = setup('/config/2fa', false);
    expect((await screen.findByTestId('mfa-state')).textContent).toBe('Off');
    await userEvent.click(screen.getByRole('button', { name: 'Turn on two-factor authentication' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Continue' }));
    expect(await screen.findByText('Password is required')).toBeTruthy();
    await confirmPassword('wrong');
    expect(await screen.findByText('Wrong password')).toBeTruthy();
    await userEvent.clear(screen.getByLabelText('Password'));
    await confirmPassword('Passw0rd!');
    expect((await screen.findByTestId('mfa-secret')).textContent).toBe(setupAnswer.secret);
    expect(await screen.findByRole('img', { name: /QR code/ })).toBeTruthy();
    expect(await firstValueFrom(host.session!.recoveryToken$)).toBe('recovery-1');
    expect(calls('GET /um/mfa/totp/qr')[0]!.config.responseType).toBe('blob');

    const code = screen.getByLabelText('Authentication code');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Authentication code is required')).toBeTruthy();
    await userEvent.type(code, '000000');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('Invalid six digit code.')).toBeTruthy();
    await userEvent.clear(code);
    await userEvent.type(code, '123456');
    await userEvent.click(screen.getByRole('button', { name: 'Verify' }));

    const codes = await screen.findByTestId('mfa-recovery-codes');
    expect(codes.textContent).toContain('1111-2222');
    expect(codes.textContent).toContain('3333-4444');
    expect(host.session!.profile()!.totpEnabled).toBe(true);
    expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Download' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Done' }));
    expect((await screen.findByTestId('mfa-state')).textContent).toBe('On');
    expect(screen.queryByText('1111-2222')).toBeNull();
    expect(await firstValueFrom(host.session!.recoveryToken$)).toBeNull();
  });

  it('turns MFA off after confirmation and forgets the remembered device', async () => {
    const { host, storage, calls } = setup('/gluon/config/2fa', true);
    storage.setRememberToken('bob', 'device-1');
    storage.setRememberToken('alice', 'device-2');
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    await confirmPassword('Passw0rd!');
    expect(await screen.findByText('Confirm your action')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Yes' }));
    await waitFor(() => expect(calls('DELETE /um/mfa/totp')).toHaveLength(1));
    await waitFor(() => expect(host.session!.profile()!.totpEnabled).toBe(false));
    expect(storage.getRememberToken('bob')).toBeNull();
    expect(storage.getRememberToken('alice')).toBe('device-2');
  });

  it('keeps MFA on when the confirmation is cancelled', async () => {
    const { host, calls } = setup('/config/2fa', true);
    await userEvent.click(await screen.findByRole('button', { name: 'Turn off two-factor authentication' }));
    await confirmPassword('Passw0rd!');
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect((await screen.findByTestId('mfa-state')).textContent).toBe('On');
    expect(calls('DELETE /um/mfa/totp')).toHaveLength(0);
    expect(host.session!.profile()!.totpEnabled).toBe(true);
  });

  it('restarts at /config/2fa when a recovery-mode call answers 401', async () => {
    const { visited } = setup('/gluon/config/2fa', false, { ...okRoutes, 'PUT /um/mfa/totp/create': () => ({ status: 401, data: { message: 'Invalid token' } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Turn on two-factor authentication' }));
    await confirmPassword('Passw0rd!');
    await waitFor(() => expect(visited).toContain('/config/2fa?expired=true'));
    expect(await screen.findByText('Your verification has expired. Please confirm your password again.')).toBeTruthy();
  });
});
