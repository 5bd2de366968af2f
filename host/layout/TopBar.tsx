import { Classes, Navbar, NavbarGroup, NavbarHeading } from '@blueprintjs/core';

import type { RegistrySnapshot } from '@core/plugin/PluginRegistry';
import type { Viewport } from '@core/ui/useViewport';

import { HeaderSlotView } from './HeaderSlots';
import { Logo } from './Logo';

// In the top bar's chunk (signed-in pages only), for HostShell: see its unknown-path notice.
export { noticeUnknownPage } from '../routing/noticeUnknownPage';

export interface TopBarProps {
  title?: string;
  logoUrl?: string;
  header: RegistrySnapshot['header'];
  viewport: Viewport;
}

/** Logo, optional title and the start / center / end contribution slots. */
export function TopBar({ title, logoUrl, header, viewport }: TopBarProps) {
  return (
    <Navbar className="host-top-bar" data-testid="host-top-bar">
      <NavbarGroup className="host-top-bar-start">
        <Logo src={logoUrl} />
        {title && viewport === 'wide' ? (
          <NavbarHeading className={Classes.TEXT_OVERFLOW_ELLIPSIS}>{title}</NavbarHeading>
        ) : null}
        <HeaderSlotView slot="start" items={header.start} />
      </NavbarGroup>
      <NavbarGroup className="host-top-bar-center">
        <HeaderSlotView slot="center" items={header.center} />
      </NavbarGroup>
      <NavbarGroup className="host-top-bar-end">
        <HeaderSlotView slot="end" items={header.end} />
      </NavbarGroup>
    </Navbar>
  );
}
