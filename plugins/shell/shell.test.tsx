import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { definePlugin } from '@core/plugin/PluginManifest';
import { ThemeServiceToken, type ThemeService } from '@core/theme/ThemeService';
import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { shellPlugin } from './index';
import { profileMenuVisible } from './profile/profileMenuVisible';

const page = (text: string) => async () => ({ default: () => <h1>{text}</h1> });
const prefixOf = (id: string) => (id === 'monitoring' ? 'mnt' : id === 'gluon' ? 'gln' : id === 'neutrino' ? 'ntr' : 'elc');
const products = ['gluon', 'neutrino', 'electron', 'monitoring'].map((id) =>
  definePlugin({ id, title: id, kind: 'product', requires: [prefixOf(id)], prefixes: [prefixOf(id)], routes: [{ path: '', page: page(`${id} page`) }] }),
);
const token = makeTestToken(['gln#a#r', 'ntr#a#r', 'elc#a#r', 'mnt#a#r']);
const profile = { username: 'ada', email: 'ada@example.com', totpEnabled: false };

describe('shell plugin', () => {
  it.each([
    ['/gluon', true],
    ['/gluon/upload', true],
    ['/neutrino', true],
    ['/electron/x', true],
    ['/monitoring', false],
    ['/gluonx', false],
    ['/', false],
  ])('profile menu visible on %s: %s', (path, expected) => {
    expect(profileMenuVisible(path)).toBe(expected);
  });

  it('opens the profile menu with the email and logs out', async () => {
    const host = renderHost({ plugins: [shellPlugin, ...products], token, profile, path: '/gluon' });
    fireEvent.click(await screen.findByTestId('profile-menu-button'));
    expect((await screen.findByTestId('profile-email')).textContent).toBe('ada@example.com');
    fireEvent.click(screen.getByText('Logout'));
    await waitFor(() => expect(host.session!.calls).toContain('logout'));
  });

  it('lists profile-menu sections contributed by other plugins, filtered by permission', async () => {
    const contact = definePlugin({
      id: 'contact',
      title: 'Contact',
      kind: 'shell',
      requires: [],
      routes: [],
      profileMenu: [
        { id: 'contact', order: 10, label: 'Contact us', component: async () => ({ default: () => <p>Contact form</p> }) },
        { id: 'hidden', order: 20, label: 'Uploader-hidden', component: async () => ({ default: () => <p>x</p> }), visible: (perms) => perms.includes('umg#usr#rw') },
      ],
    });
    renderHost({ plugins: [shellPlugin, contact, ...products], token, profile, path: '/neutrino' });
    fireEvent.click(await screen.findByTestId('profile-menu-button'));
    fireEvent.click(await screen.findByText('Contact us'));
    expect(screen.queryByText('Uploader-hidden')).toBeNull();
    expect(await screen.findByText('Contact form')).toBeTruthy();
    fireEvent.click(screen.getByText('Back'));
    expect(await screen.findByText('Logout')).toBeTruthy();
  });

  it('has no profile menu on monitoring pages', async () => {
    renderHost({ plugins: [shellPlugin, ...products], token, profile, path: '/monitoring' });
    expect(await screen.findByTestId('theme-toggle')).toBeTruthy();
    expect(screen.queryByTestId('profile-menu-button')).toBeNull();
  });

  it('toggles the theme', async () => {
    const host = renderHost({ plugins: [shellPlugin, ...products], token, profile, path: '/gluon' });
    const theme = host.services.resolve<ThemeService>(ThemeServiceToken);
    const before = theme.theme();
    fireEvent.click(await screen.findByTestId('theme-toggle'));
    expect(theme.theme()).toBe(before === 'dark' ? 'light' : 'dark');
    act(() => theme.set('light'));
  });

  it('is not registered when signed out', async () => {
    const host = renderHost({ plugins: [shellPlugin, ...products], path: '/' });
    expect(host.registry.isRegistered('shell')).toBe(false);
  });
});
