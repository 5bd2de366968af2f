import { Button, PopoverNext } from '@blueprintjs/core';
import { UserIcon } from '@blueprintjs/icons';
import { useState } from 'react';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import { PluginRegistryToken } from '@core/plugin/PluginRegistry';
import { useObservable, useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { ProfileMenuPanel } from '../profile/ProfileMenuPanel';
import { PROFILE_MENU_DELAY_MS, profileMenuVisible } from '../profile/profileMenuVisible';

/** Profile button of the top bar (only on gluon, electron and neutrino pages). */
export default function ProfileMenu() {
  const session = useService(SessionServiceToken);
  const navigation = useService(NavigationServiceToken);
  const registry = useService(PluginRegistryToken);
  const permissions = useService(PermissionsServiceToken);
  const profile = useObservable(session.profile$, session.profile());
  const path = useObservable(navigation.path$, navigation.path());
  const snapshot = useObservable(registry.registered$, registry.registered());
  const perms = useObservable(permissions.perms$, permissions.perms());
  const [isOpen, setOpen] = useState(false);

  if (!profile || !profileMenuVisible(path)) return null;
  const sections = snapshot.profileMenu.filter((section) => !section.visible || section.visible(perms));

  return (
    <PopoverNext
      isOpen={isOpen}
      onInteraction={(next) => setOpen(next)}
      placement="bottom-end"
      hoverOpenDelay={PROFILE_MENU_DELAY_MS}
      hoverCloseDelay={PROFILE_MENU_DELAY_MS}
      content={
        <ProfileMenuPanel
          email={profile.email}
          sections={sections}
          onClose={() => setOpen(false)}
          onLogout={() => {
            setOpen(false);
            void session.logout();
          }}
        />
      }
    >
      <Button variant="minimal" icon={<UserIcon />} aria-label="Profile menu" data-testid="profile-menu-button" />
    </PopoverNext>
  );
}
