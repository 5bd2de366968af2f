import { Suspense } from 'react';

import type { HeaderSlot } from '@core/plugin/PluginManifest';
import { PluginRegistryToken, type RegisteredHeaderContribution } from '@core/plugin/PluginRegistry';
import { useService } from '@core/react';

import { PluginErrorBoundary } from '../PluginErrorBoundary';
import { PluginServices } from '../PluginServices';
import { lazyComponent, preloadComponent } from '../routing/lazyComponent';

function Contribution({ contribution }: { contribution: RegisteredHeaderContribution }) {
  const Component = lazyComponent(contribution.component);
  const manifest = useService(PluginRegistryToken).get(contribution.pluginId);
  // The piece's chunk and its plugin's services chunk are fetched together.
  if (manifest?.services) preloadComponent(contribution.component);
  return (
    <PluginErrorBoundary pluginTitle={contribution.pluginId} quiet>
      <Suspense fallback={null}>
        <PluginServices manifest={manifest}>
          <Component />
        </PluginServices>
      </Suspense>
    </PluginErrorBoundary>
  );
}

/** One header slot: the registered plugins' contributions in order, each its own lazy chunk. */
export function HeaderSlotView({ slot, items }: { slot: HeaderSlot; items: readonly RegisteredHeaderContribution[] }) {
  return (
    <div className={`host-header-slot host-header-slot-${slot}`} data-slot={slot}>
      {items.map((item) => (
        <Contribution key={`${item.pluginId}:${item.id}`} contribution={item} />
      ))}
    </div>
  );
}
