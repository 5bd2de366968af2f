import { Button, Classes } from '@blueprintjs/core';
import { useLocation } from 'wouter';
import type { PluginManifest } from '@core/plugin/PluginManifest';
import { pluginBasePath } from '@core/plugin/resolveRoutes';

// Loaded lazily by HostShell; whether it shows is decided by shouldShowProductsHeader.ts.
export { shouldShowProductsHeader } from './shouldShowProductsHeader';

/** Links to every registered product, in their declared order. */
export function ProductsHeader({ registered }: { registered: readonly PluginManifest[] }) {
  const [path, navigate] = useLocation();
  const products = registered.filter((plugin) => plugin.kind === 'product' && plugin.product).sort((a, b) => (a.product?.order ?? 0) - (b.product?.order ?? 0));
  return (
    <nav className={`host-products-header ${Classes.ELEVATION_0}`} aria-label="Products">
      {products.map((plugin) => {
        const base = pluginBasePath(plugin.id);
        const active = path === base || path.startsWith(`${base}/`);
        return (
          <Button
            key={plugin.id}
            variant="minimal"
            active={active}
            aria-current={active ? 'page' : undefined}
            text={plugin.product?.name ?? plugin.title}
            onClick={() => navigate(base)}
          />
        );
      })}
    </nav>
  );
}
