import { Button, Classes, Divider, Menu, MenuDivider, MenuItem, Spinner } from '@blueprintjs/core';
import { ArrowLeftIcon, CrossIcon, HomeIcon, LogOutIcon } from '@blueprintjs/icons';
import { type ComponentType, type KeyboardEvent, lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';

import type { RegisteredProfileMenuContribution } from '@core/plugin/PluginRegistry';

import { sectionIcon } from './sectionIcons';

export interface ProfileMenuLink {
  id: string;
  label: string;
  path: string;
  active: boolean;
}

export interface ProfileMenuPanelProps {
  email: string;
  /** Contributed sections (options, two-factor, contact, feature-request...), already filtered. */
  sections: readonly RegisteredProfileMenuContribution[];
  /** Product links (the collapsed mobile header puts them here). */
  products?: readonly ProfileMenuLink[];
  /** Pages outside gluon/electron/neutrino get a way back to the console (no dead ends). */
  backToConsole?: boolean;
  onNavigate(path: string): void;
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

/** Arrow keys, Home and End move between the entries (the menu keyboard pattern). */
function moveFocus(event: KeyboardEvent<HTMLElement>): void {
  const keys = ['ArrowDown', 'ArrowUp', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const items = Array.from(
    event.currentTarget.querySelectorAll<HTMLElement>('[role="menuitem"]:not([aria-disabled="true"])'),
  );
  if (items.length === 0) return;
  event.preventDefault();
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? items.length - 1
        : event.key === 'ArrowDown'
          ? (index + 1) % items.length
          : (index - 1 + items.length) % items.length;
  items[next]?.focus();
}

/**
 * The 320 px menu (spec §2; the dropdown around it holds the width, PROFILE_MENU_BOX): the e-mail, every contributed section, Logout and Close; a section
 * opens in place with Back. On pages outside the three products it holds the e-mail, the way
 * back to the console and Logout; on a narrow screen the products come first.
 */
export function ProfileMenuPanel({
  email,
  sections,
  products = [],
  backToConsole = false,
  onNavigate,
  onLogout,
  onClose,
}: ProfileMenuPanelProps) {
  const [openId, setOpenId] = useState<string | null>(null);
  const open = useMemo(() => sections.find((section) => section.id === openId) ?? null, [sections, openId]);
  const menuRef = useRef<HTMLUListElement>(null);
  const backRef = useRef<HTMLButtonElement>(null);

  // Focus follows the view: the first entry of the list, or Back of an opened section.
  useEffect(() => {
    if (open) backRef.current?.focus();
    else menuRef.current?.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
  }, [open]);

  if (open) {
    const Section = lazySection(open);
    return (
      <div
        className="shell-profile-menu shell-profile-menu-section"
        data-section={open.id}
        role="group"
        aria-label={open.label}
      >
        {/* Where the user is inside the menu: the section's name beside the way back. */}
        <div className="shell-profile-section-head">
          <Button
            ref={backRef}
            variant="minimal"
            icon={<ArrowLeftIcon />}
            text="Back"
            onClick={() => setOpenId(null)}
          />
          <h2 className={`${Classes.HEADING} shell-profile-section-title`}>{open.label}</h2>
        </div>
        <Suspense fallback={<Spinner size={20} />}>
          <Section close={onClose} />
        </Suspense>
      </div>
    );
  }

  return (
    <div className="shell-profile-menu" data-section="menu" onKeyDown={moveFocus}>
      <div
        className={`shell-profile-email ${Classes.TEXT_OVERFLOW_ELLIPSIS}`}
        data-testid="profile-email"
        title={email}
      >
        {email}
      </div>
      <Divider />
      <Menu ulRef={menuRef} aria-label="Profile menu entries">
        {products.length > 0 ? (
          <>
            {products.map((product) => (
              // A real link: a new tab opens the product; a plain click navigates in the page.
              <MenuItem
                key={product.id}
                icon={sectionIcon('')}
                text={product.label}
                active={product.active}
                href={product.path}
                onClick={(event) => {
                  if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
                  event.preventDefault();
                  onNavigate(product.path);
                }}
              />
            ))}
            <MenuDivider />
          </>
        ) : null}
        {backToConsole ? (
          <MenuItem
            icon={<HomeIcon />}
            text="Back to the console"
            onClick={() => onNavigate('/')}
            data-testid="back-to-console"
          />
        ) : null}
        {sections.map((section) => (
          <MenuItem
            key={`${section.pluginId}:${section.id}`}
            icon={sectionIcon(section.id)}
            text={section.label}
            shouldDismissPopover={false}
            onClick={() => setOpenId(section.id)}
            data-section-id={section.id}
          />
        ))}
        <MenuDivider />
        <MenuItem icon={<LogOutIcon />} text="Logout" onClick={onLogout} />
        <MenuItem icon={<CrossIcon />} text="Close" onClick={onClose} />
      </Menu>
    </div>
  );
}
