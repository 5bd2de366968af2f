import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { type ThemeService, ThemeServiceToken } from '@core/theme/ThemeService';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { shellPlugin } from './index';
import { productOwnsPath, PROFILE_MENU_DELAY_MS, profileMenuVisible } from './profile/profileMenuVisible';
import { ALL_PRODUCT_PERMS, shellHost, testProducts } from './shellTestSetup';

function renderShell({ path, token = makeTestToken(ALL_PRODUCT_PERMS) }: { path: string; token?: string }) {
  return { host: renderHost(shellHost({ path, token }).options) };
}

async function openMenu() {
  fireEvent.click(await screen.findByTestId('profile-menu-button', {}, { timeout: 5000 }));
  return screen.findByTestId('profile-menu', {}, { timeout: 5000 });
}

const entries = (menu: HTMLElement) =>
  within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);

describe('shell plugin', () => {
  it.each([
    ['/gluon', true],
    ['/gluon/upload', true],
    ['/neutrino', true],
    ['/electron/x', true],
    ['/monitoring', false],
    ['/gluonx', false],
    ['/', false],
  ])('full profile menu on %s: %s', (path, expected) => {
    expect(profileMenuVisible(path)).toBe(expected);
  });

  it.each([
    ['/devices/d-1', true],
    ['/incident-management/i-1', true],
    ['/devices', false],
    ['/devices/d-1/extra', false],
    ['/monitoring/devices/d-1', false],
  ])("full profile menu on gluon's own page %s: %s", (path, expected) => {
    const plugins = [
      {
        id: 'gluon',
        routes: [{ path: '' }, { path: '/devices/:deviceId' }, { path: '/incident-management/:incidentId' }],
      },
      { id: 'monitoring', routes: [{ path: '/monitoring/devices/:id' }] },
    ];
    expect(profileMenuVisible(path, plugins)).toBe(expected);
  });

  it('lists e-mail, options, contact, feature request, Logout and Close on gluon, and logs out', async () => {
    const { host } = renderShell({ path: '/gluon' });
    const menu = await openMenu();
    expect(within(menu).getByTestId('profile-email').textContent).toBe('ada@example.com');
    expect(entries(menu)).toEqual(['Options', 'Contact Us', 'Feature request', 'Logout', 'Close']);
    fireEvent.click(within(menu).getByText('Logout'));
    await waitFor(() => expect(host.session!.calls).toContain('logout'));
  });

  it('the dropdown is 320 px wide, padding and border included (spec §9), not 320 px plus the card padding', async () => {
    renderShell({ path: '/gluon' });
    const menu = await openMenu();
    expect(menu.style.width).toBe('320px');
    expect(menu.style.boxSizing).toBe('border-box');
    expect(menu.style.padding).toBe('0px');
    const panel = menu.querySelector<HTMLElement>('.shell-profile-menu')!;
    // The panel fills the box: a width of its own would overflow it by the card's border.
    expect(panel.style.width).toBe('');
  });

  it('hides contact and feature request from uploaders (spec §6)', async () => {
    renderShell({ path: '/gluon', token: makeTestToken(['gln#upl#rw']) });
    expect(entries(await openMenu())).toEqual(['Options', 'Logout', 'Close']);
  });

  it('opens and closes with the delay, also when clicked', async () => {
    renderShell({ path: '/neutrino' });
    const button = await screen.findByTestId('profile-menu-button', {}, { timeout: 5000 });
    const start = performance.now();
    fireEvent.click(button);
    expect(screen.queryByTestId('profile-menu')).toBeNull();
    await screen.findByTestId('profile-menu', {}, { timeout: 5000 });
    expect(performance.now() - start).toBeGreaterThanOrEqual(PROFILE_MENU_DELAY_MS - 5);
    fireEvent.click(button);
    expect(screen.queryByTestId('profile-menu')).not.toBeNull();
    await waitFor(() => expect(screen.queryByTestId('profile-menu')).toBeNull());
  });

  it('keyboard: focus on the first entry, arrows move, Escape closes and focus returns to the button', async () => {
    renderShell({ path: '/electron' });
    const menu = await openMenu();
    const items = within(menu).getAllByRole('menuitem');
    await waitFor(() => expect(document.activeElement).toBe(items[0]));
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowDown' });
    expect(document.activeElement).toBe(items[1]);
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(items.at(-1));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(items[0]);
    fireEvent.keyDown(document.activeElement!, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByTestId('profile-menu')).toBeNull());
    expect(document.activeElement).toBe(screen.getByTestId('profile-menu-button'));
  });

  it('a section opens in place with Back; feature request explains and Proceed opens the ideas site in a new tab', async () => {
    const opened: unknown[][] = [];
    const original = window.open;
    window.open = ((...args: unknown[]) => {
      opened.push(args);
      return null;
    }) as typeof window.open;
    try {
      renderShell({ path: '/gluon' });
      fireEvent.click(within(await openMenu()).getByText('Feature request'));
      const section = await screen.findByTestId('feature-request-section');
      expect(section.textContent).toMatch(/ideas site/);
      // The section says where the user is, beside the way back.
      expect(screen.getByRole('heading', { name: 'Feature request' })).toBeTruthy();
      fireEvent.click(screen.getByText('Back'));
      expect(await screen.findByText('Logout')).toBeTruthy();
      fireEvent.click(screen.getByText('Feature request'));
      fireEvent.click(await screen.findByText('Proceed'));
      expect(opened).toEqual([['https://ideas.example.com/', '_blank', 'noopener,noreferrer']]);
    } finally {
      window.open = original;
    }
  });

  it.each([
    ['/gluon', true],
    ['/devices/d-1', true],
    ['/incident-management/i-1', true],
    ['/admin/collector-links', false],
    ['/neutrino', false],
  ])('gluon owns %s in the menu: %s', (path, expected) => {
    const gluon = {
      id: 'gluon',
      routes: [
        { path: '' },
        { path: '/devices/:deviceId' },
        { path: '/incident-management/:incidentId' },
        { path: '/admin/collector-links', frame: 'admin' },
      ],
    };
    expect(productOwnsPath(gluon, path)).toBe(expected);
  });

  it('below 600 px the menu lists the products as real links (a new tab opens them); a click navigates in the page', async () => {
    const width = window.innerWidth;
    Object.defineProperty(window, 'innerWidth', { configurable: true, value: 375 });
    try {
      const { host } = renderShell({ path: '/gluon' });
      const visited: string[] = [];
      host.navigation.path$.subscribe((path) => visited.push(path));
      const menu = await openMenu();
      const neutrino = within(menu).getByRole('menuitem', { name: /Neutrino/ });
      expect(neutrino.getAttribute('href')).toBe('/neutrino');
      fireEvent.click(neutrino);
      await waitFor(() => expect(visited).toContain('/neutrino'));
    } finally {
      Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
    }
  });

  it("outside gluon/electron/neutrino: the e-mail, the account's own sections, a way back to the console and Logout (no dead end)", async () => {
    const { host } = renderShell({ path: '/monitoring', token: makeTestToken(['mnt#cfg#rw']) });
    const visited: string[] = [];
    host.navigation.path$.subscribe((path) => visited.push(path));
    const menu = await openMenu();
    expect(within(menu).getByTestId('profile-email').textContent).toBe('ada@example.com');
    // Options (password, time zone) is the user's own; Contact Us and Feature request are the products'.
    expect(entries(menu)).toEqual(['Back to the console', 'Options', 'Logout', 'Close']);
    fireEvent.click(within(menu).getByText('Back to the console'));
    // The console's root, which sends this monitoring-only user on to their landing page.
    await waitFor(() => expect(visited).toContain('/'));
    await waitFor(() => expect(screen.queryByTestId('profile-menu')).toBeNull());
    fireEvent.click(await screen.findByTestId('profile-menu-button', {}, { timeout: 5000 }));
    fireEvent.click(within(await screen.findByTestId('profile-menu', {}, { timeout: 5000 })).getByText('Logout'));
    await waitFor(() => expect(host.session!.calls).toContain('logout'));
  });

  it('names the tab after the product of the page', async () => {
    renderShell({ path: '/neutrino' });
    await waitFor(() => expect(document.title).toBe('Neutrino · Console'));
  });

  it('toggles the theme', async () => {
    const host = renderHost({
      plugins: [shellPlugin, ...testProducts],
      token: makeTestToken(['gln#a#r']),
      path: '/gluon',
    });
    const theme = host.services.resolve<ThemeService>(ThemeServiceToken);
    const before = theme.theme();
    fireEvent.click(await screen.findByTestId('theme-toggle'));
    expect(theme.theme()).toBe(before === 'dark' ? 'light' : 'dark');
    act(() => theme.set('light'));
  });

  it('is not registered when signed out', async () => {
    const host = renderHost({ plugins: [shellPlugin, ...testProducts], path: '/' });
    expect(host.registry.isRegistered('shell')).toBe(false);
  });
});
