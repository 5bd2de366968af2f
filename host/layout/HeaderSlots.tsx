import { Suspense } from 'react';
import type { HeaderSlot } from '@core/plugin/PluginManifest';
import type { RegisteredHeaderContribution } from '@core/plugin/PluginRegistry';
import { PluginErrorBoundary } from '../PluginErrorBoundary';
import { lazyComponent } from '../routing/lazyComponent';

function Contribution({ contribution }: { contribution: RegisteredHeaderContribution }) {
  const Component = lazyComponent(contribution.component);
  return (
    <PluginErrorBoundary pluginTitle={contribution.pluginId} quiet>
      <Suspense fallback={null}>
        <Component />
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
