import { AnchorButton, Classes } from '@blueprintjs/core';
import type { MouseEvent } from 'react';
import { useLocation } from 'wouter';

import type { PluginManifest } from '@core/plugin/PluginManifest';
import { pluginBasePath } from '@core/plugin/resolveRoutes';

// Loaded lazily by HostShell; whether it shows is decided by shouldShowProductsHeader.ts.
export { shouldShowProductsHeader } from './shouldShowProductsHeader';

export interface ProductsHeaderProps {
  registered: readonly PluginManifest[];
  /** The plugin whose page is shown: its product is marked even on pages outside its base path (gluon's /devices/…). */
  currentPluginId?: string;
}

/**
 * Links to every registered product, in their declared order: real links (a middle click or
 * Ctrl-click opens a new tab), a plain click navigates in the page.
 */
export function ProductsHeader({ registered, currentPluginId }: ProductsHeaderProps) {
  const [path, navigate] = useLocation();
  const products = registered
    .filter((plugin) => plugin.kind === 'product' && plugin.product)
    .sort((a, b) => (a.product?.order ?? 0) - (b.product?.order ?? 0));
  return (
    <nav className={`host-products-header ${Classes.ELEVATION_0}`} aria-label="Products">
      {products.map((plugin) => {
        const base = pluginBasePath(plugin.id);
        const active = plugin.id === currentPluginId || path === base || path.startsWith(`${base}/`);
        const follow = (event: MouseEvent<HTMLElement>) => {
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          navigate(base);
        };
        return (
          <AnchorButton
            key={plugin.id}
            variant="minimal"
            href={base}
            // A product is a place, not an action: read as a link (Blueprint says "button").
            role="link"
            active={active}
            aria-current={active ? 'page' : undefined}
            text={plugin.product?.name ?? plugin.title}
            onClick={follow}
          />
        );
      })}
    </nav>
  );
}
