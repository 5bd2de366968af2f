import { Button, Classes, Divider, Menu, MenuItem, Spinner } from '@blueprintjs/core';
import { ArrowLeftIcon, CrossIcon, LogOutIcon } from '@blueprintjs/icons';
import { Suspense, lazy, useMemo, useState, type ComponentType } from 'react';
import type { RegisteredProfileMenuContribution } from '@core/plugin/PluginRegistry';
import { PROFILE_MENU_WIDTH_PX } from './profileMenuVisible';

export interface ProfileMenuPanelProps {
  email: string;
  sections: readonly RegisteredProfileMenuContribution[];
  onLogout(): void;
  onClose(): void;
}

const lazyCache = new WeakMap<object, ComponentType<{ close(): void }>>();
function lazySection(section: RegisteredProfileMenuContribution) {
  let component = lazyCache.get(section.component);
  if (!component) {
    component = lazy(section.component);
    lazyCache.set(section.component, component);
  }
  return component;
}

/**
 * The 320 px menu: 'options' lists the email, every contributed section (contact, feature
 * request... from whichever plugins are registered), Logout and Close; choosing a section
 * shows its body with a Back button.
 */
export function ProfileMenuPanel({ email, sections, onLogout, onClose }: ProfileMenuPanelProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = useMemo(() => sections.find((section) => section.id === openId) ?? null, [sections, openId]);

  if (open) {
    const Section = lazySection(open);
    return (
      <div className="shell-profile-menu" style={{ width: PROFILE_MENU_WIDTH_PX, padding: 8 }} data-section={open.id}>
        <Button variant="minimal" icon={<ArrowLeftIcon />} text="Back" onClick={() => setOpenId(null)} />
        <Suspense fallback={<Spinner size={20} />}>
          <Section close={onClose} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="shell-profile-menu" style={{ width: PROFILE_MENU_WIDTH_PX }} data-section="options">
      <div className={Classes.TEXT_OVERFLOW_ELLIPSIS} style={{ padding: '10px 12px', fontWeight: 600 }} data-testid="profile-email">
        {email}
      </div>
      <Divider />
      <Menu>
        {sections.map((section) => (
          <MenuItem key={`${section.pluginId}:${section.id}`} text={section.label} shouldDismissPopover={false} onClick={() => setOpenId(section.id)} />
        ))}
        <MenuItem icon={<LogOutIcon />} text="Logout" onClick={onLogout} />
        <MenuItem icon={<CrossIcon />} text="Close" onClick={onClose} />
      </Menu>
    </div>
  );
}
