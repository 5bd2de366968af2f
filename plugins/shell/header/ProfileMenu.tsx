import '../shell.css';

import { Button, Card } from '@blueprintjs/core';
import { MenuIcon, UserIcon } from '@blueprintjs/icons';
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from 'react';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { usePermissionList } from '@core/permissions/usePermissionList';
import { PluginRegistryToken } from '@core/plugin/PluginRegistry';
import { pluginBasePath } from '@core/plugin/resolveRoutes';
import { useObservable, useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { useViewport } from '@core/ui/useViewport';

import type { ProfileMenuLink } from '../profile/ProfileMenuPanel';
import {
  productOwnsPath,
  PROFILE_MENU_BOX,
  PROFILE_MENU_DELAY_MS,
  profileMenuVisible,
} from '../profile/profileMenuVisible';

// The panel (Blueprint's Menu, the sections' list) is fetched when the button is first pointed
// at or focused, so it is off the signed-in first load and ready by the end of the open delay.
const loadPanel = () => import('../profile/ProfileMenuPanel').then((m) => ({ default: m.ProfileMenuPanel }));
const ProfileMenuPanel = lazy(loadPanel);
const preloadPanel = () => void loadPanel();

/**
 * The profile button of the top bar and its dropdown. On gluon, electron and neutrino it holds
 * every section (spec §1); on every other signed-in page the e-mail, the account's own sections
 * (options, two-factor: `account` contributions), a way back to the console and Logout, so no
 * page is a dead end and every user reaches their password and second factor. Below 600 px it is the header's one menu button and
 * lists the products too. Opening and closing wait PROFILE_MENU_DELAY_MS, for clicks as well;
 * Escape or a click outside closes and focus returns to the button.
 */
export default function ProfileMenu() {
  const session = useService(SessionServiceToken);
  const navigation = useService(NavigationServiceToken);
  const registry = useService(PluginRegistryToken);
  const profile = useObservable(session.profile$, session.profile());
  const path = useObservable(navigation.path$, navigation.path());
  const snapshot = useObservable(registry.registered$, registry.registered());
  // Contributions bring their own checks (`visible(perms)`): the list itself, not a rules record.
  const perms = usePermissionList();
  const narrow = useViewport() === 'mobile';
  const [isOpen, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const trigger = useRef<HTMLButtonElement>(null);
  const wrapper = useRef<HTMLDivElement>(null);

  const schedule = useCallback((next: boolean, returnFocus = false) => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      setOpen(next);
      // Back to the button unless focus has moved on meanwhile (the Contact Us modal took it).
      const active = document.activeElement;
      const unclaimed = !active || active === document.body || !!wrapper.current?.contains(active);
      if (!next && returnFocus && unclaimed) trigger.current?.focus();
    }, PROFILE_MENU_DELAY_MS);
  }, []);
  useEffect(() => () => clearTimeout(timer.current), []);

  useEffect(() => {
    if (!isOpen) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (!wrapper.current?.contains(event.target as Node)) schedule(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) schedule(false, true);
    };
    document.addEventListener('mousedown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('mousedown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [isOpen, schedule]);

  // A route change (a product link, Back to the console) closes the menu.
  useEffect(() => setOpen(false), [path]);

  if (!profile) return null;
  const full = profileMenuVisible(path, snapshot.plugins);
  const sections = snapshot.profileMenu.filter(
    (section) => (full || section.account) && (!section.visible || section.visible(perms)),
  );
  const products: ProfileMenuLink[] = narrow
    ? snapshot.plugins
        .filter((plugin) => plugin.kind === 'product' && plugin.product)
        .sort((a, b) => (a.product?.order ?? 0) - (b.product?.order ?? 0))
        .map((plugin) => {
          const base = pluginBasePath(plugin.id);
          return {
            id: plugin.id,
            label: plugin.product?.name ?? plugin.title,
            path: base,
            active: productOwnsPath(plugin, path),
          };
        })
    : [];
  const close = () => schedule(false, true);

  return (
    <div className="shell-profile" ref={wrapper}>
      <Button
        ref={trigger}
        variant="minimal"
        icon={narrow ? <MenuIcon /> : <UserIcon />}
        aria-label="Profile menu"
        aria-haspopup="true"
        aria-expanded={isOpen}
        data-testid="profile-menu-button"
        onPointerEnter={preloadPanel}
        onFocus={preloadPanel}
        onClick={() => schedule(!isOpen)}
      />
      {isOpen ? (
        // The card appears with its content: the panel's chunk is usually there already.
        <Suspense fallback={null}>
          <Card
            className="shell-profile-dropdown"
            style={PROFILE_MENU_BOX}
            elevation={3}
            compact
            data-testid="profile-menu"
          >
            <ProfileMenuPanel
              email={profile.email}
              sections={sections}
              products={products}
              backToConsole={!full}
              onNavigate={(to) => {
                setOpen(false);
                navigation.navigate(to);
              }}
              onClose={close}
              onLogout={() => {
                setOpen(false);
                void session.logout();
              }}
            />
          </Card>
        </Suspense>
      ) : null}
    </div>
  );
}
