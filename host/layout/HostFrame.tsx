import { Classes } from '@blueprintjs/core';
import type { ReactNode } from 'react';

import type { Theme } from '@core/theme/ThemeService';
import type { Viewport } from '@core/ui/useViewport';

export interface HostFrameProps {
  viewport: Viewport;
  /** 'full' frames signed-in pages with the top bar; 'bare' public pages such as /login. */
  layout: 'full' | 'bare';
  theme: Theme;
  /** The plugin whose page is shown (or the kind of host page: 'nowhere', 'upgrade'). */
  pluginId: string;
  /** The top bar and products header of a full layout, above the page. */
  chrome?: ReactNode;
  /** The on-demand outlets (toasts, modals, downloads) after the page. */
  outlets?: ReactNode;
  /** The page. */
  children: ReactNode;
}

/**
 * The element every page sits in. Also rendered by the build around a page's copy in the
 * document (scripts/lib/prerender.mjs), so the copy and the live page match.
 */
export function HostFrame({ viewport, layout, theme, pluginId, chrome, outlets, children }: HostFrameProps) {
  return (
    <div
      className={[
        'host-root',
        `host-${viewport}`,
        `host-layout-${layout}`,
        `host-theme-${theme}`,
        theme === 'dark' ? Classes.DARK : '',
      ].join(' ')}
      data-layout={viewport}
      data-plugin={pluginId}
    >
      {chrome}
      <main className="host-main">{children}</main>
      {outlets}
    </div>
  );
}
