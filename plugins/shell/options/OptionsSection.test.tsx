import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { type LocaleService, LocaleServiceToken } from '@core/locale/LocaleService';
import { StorageKeys, type StorageService, StorageServiceToken } from '@core/storage/StorageService';
import { apiFailure } from '@core/testing';
import { type ThemeService, ThemeServiceToken } from '@core/theme/ThemeService';

import { renderHost } from '../../../tests/harness/renderHost';
import { makeTestToken } from '../../../tests/harness/tokens';
import type { ShellApi } from '../api/ShellApi';
import { ALL_PRODUCT_PERMS, shellHost } from '../shellTestSetup';
import { validatePasswordChange } from './useChangePassword';

async function openOptions(api?: Partial<ShellApi>) {
  const { options, api: fake } = shellHost({ path: '/gluon', token: makeTestToken(ALL_PRODUCT_PERMS), api });
  const host = renderHost(options);
  fireEvent.click(await screen.findByTestId('profile-menu-button', {}, { timeout: 5000 }));
  fireEvent.click(within(await screen.findByTestId('profile-menu', {}, { timeout: 5000 })).getByText('Options'));
  await screen.findByTestId('options-section', {}, { timeout: 5000 });
  return { host, api: fake };
}

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('profile menu options', () => {
  it('change password: clear errors first, then the change with old and new', async () => {
    const { api } = await openOptions({ changePassword: async () => undefined });
    fireEvent.click(screen.getByTestId('change-password-open'));
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Current password is required')).toBeTruthy();
    expect(screen.getByText('New password is required')).toBeTruthy();
    type('Current password', 'Old-Password-1');
    type('New password', 'New-Password-2');
    type('Confirm new password', 'New-Password-3');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('Your passwords do not match.')).toBeTruthy();
    type('Confirm new password', 'New-Password-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(api.changePassword).toHaveBeenCalledTimes(1));
    expect(api.changePassword.mock.calls[0]).toEqual([
      { oldPassword: 'Old-Password-1', newPassword: 'New-Password-2' },
    ]);
    // Folded away again on success.
    await waitFor(() => expect(screen.queryByTestId('change-password-form')).toBeNull());
  });

  it("change password: the server's message shows and the typed values stay", async () => {
    await openOptions({
      changePassword: () => Promise.reject(apiFailure(400, { message: 'The current password is incorrect' })),
    });
    fireEvent.click(screen.getByTestId('change-password-open'));
    type('Current password', 'wrong');
    type('New password', 'New-Password-2');
    type('Confirm new password', 'New-Password-2');
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
    expect((await screen.findByTestId('change-password-failure')).textContent).toBe(
      'The current password is incorrect',
    );
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('wrong');
  });

  it('time zone: searchable, stored by abbreviation, applied to the sample date at once; date format too', async () => {
    const { host } = await openOptions();
    const locale = host.services.resolve<LocaleService>(LocaleServiceToken);
    const storage = host.services.resolve<StorageService>(StorageServiceToken);
    await locale.ready();
    fireEvent.change(screen.getByTestId('time-zone-search'), { target: { value: 'Tokyo' } });
    const select = screen.getByLabelText('Time zone') as HTMLSelectElement;
    const tokyo = Array.from(select.options).find((o) => o.text.includes('Tokyo'))!;
    expect(tokyo).toBeTruthy();
    expect(select.options.length).toBeLessThan(10);
    const before = screen.getByTestId('date-sample').textContent;
    fireEvent.change(select, { target: { value: tokyo.value } });
    await waitFor(() => expect(locale.timeZone().text).toBe(tokyo.value));
    expect(storage.get(StorageKeys.timeZone)).toBe(locale.timeZone().abbr);
    await waitFor(() => expect(screen.getByTestId('date-sample').textContent).not.toBe(before));

    // Two entries share the value 'GMT Standard Time'; each can be chosen (options are keyed by label).
    fireEvent.change(screen.getByTestId('time-zone-search'), { target: { value: 'GMT Standard Time' } });
    const gmt = Array.from(select.options).filter((o) => /London|Lisbon/.test(o.text));
    expect(gmt.map((o) => o.text)).toEqual(['(UTC) Dublin, Lisbon', '(UTC) Edinburgh, London']);
    fireEvent.change(select, { target: { value: '(UTC) Dublin, Lisbon' } });
    await waitFor(() => expect(locale.timeZone().text).toBe('(UTC) Dublin, Lisbon'));
    expect(storage.get(StorageKeys.timeZone)).toBe('GDT');

    fireEvent.change(screen.getByLabelText('Date format'), { target: { value: 'MM/dd/yyyy HH:mm' } });
    expect(storage.get(StorageKeys.dateFormat)).toBe('MM/dd/yyyy HH:mm');
    fireEvent.change(screen.getByLabelText('Date format'), { target: { value: 'dd/MM/yyyy HH:mm' } });
    expect(locale.dateFormat()).toBe('dd/MM/yyyy HH:mm');
  });

  it('theme switch in the options', async () => {
    const { host } = await openOptions();
    const theme = host.services.resolve<ThemeService>(ThemeServiceToken);
    theme.set('light');
    fireEvent.click(await screen.findByText('Dark'));
    expect(theme.theme()).toBe('dark');
    theme.set('light');
  });

  it('password rules', () => {
    expect(validatePasswordChange('', '', '')).toEqual({
      oldPassword: 'Current password is required',
      newPassword: 'New password is required',
      confirmPassword: 'Please confirm the new password',
    });
    expect(validatePasswordChange('a', 'a', 'a').newPassword).toMatch(/differ/);
    expect(validatePasswordChange('a', 'b', 'b')).toEqual({});
  });
});
