import { NonIdealState, Spinner } from '@blueprintjs/core';
import { Suspense, useEffect, useMemo, useRef } from 'react';
import { type Observable, of } from 'rxjs';
import { Redirect, useLocation, useRouter, useSearch } from 'wouter';

import { usePermissionList } from '@core/permissions/usePermissionList';
import { PluginRegistryToken, type RegistrySnapshot } from '@core/plugin/PluginRegistry';
import { RuntimePluginRegistryToken } from '@core/plugin/RuntimePluginRegistry';
import { useContainer, useObservable, useService } from '@core/react';
import { SessionServiceToken } from '@core/session/SessionService';
import { ThemeServiceToken } from '@core/theme/ThemeService';
import { useViewport, type Viewport } from '@core/ui/useViewport';

import { HostFrame } from './layout/HostFrame';
import { LazyOutlets } from './layout/LazyOutlets';
import { shouldShowProductsHeader } from './layout/shouldShowProductsHeader';
import { PluginErrorBoundary } from './PluginErrorBoundary';
import { PluginServices } from './PluginServices';
import { decideRoute } from './routing/decideRoute';
import { lazyComponent, preloadComponent } from './routing/lazyComponent';

export interface HostChromeProps {
  /** Optional title next to the logo (spec §1). */
  title?: string;
  logoUrl?: string;
}

const MAX_CHAINED_REDIRECTS = 20;
const loadUpgradePage = () => import('./pages/UpgradePage');
// The top bar and products header only frame signed-in ('full' layout) pages: bare public pages
// such as /login never download them (README, "Bundle weight").
const loadTopBarChunk = () => import('./layout/TopBar');
const loadTopBar = () => loadTopBarChunk().then((m) => ({ default: m.TopBar }));
const loadProductsHeader = () => import('./layout/ProductsHeader').then((m) => ({ default: m.ProductsHeader }));

function PageFallback() {
  return (
    <div className="host-page-loading">
      <Spinner aria-label="Loading" />
    </div>
  );
}

/**
 * Holds the top bar's and products header's places while their chunks load, so the page below
 * does not move when they arrive (measured by e2e/shell layoutShift.spec.ts).
 */
function ChromePlaceholder({ productsHeader }: { productsHeader: boolean }) {
  return (
    <>
      <div className="host-top-bar-placeholder" />
      {productsHeader ? (
        <div className="host-products-header host-products-header-placeholder" aria-hidden="true" />
      ) : null}
    </>
  );
}

function FullChrome({
  title,
  logoUrl,
  snapshot,
  viewport,
  pluginId,
}: HostChromeProps & { snapshot: RegistrySnapshot; viewport: Viewport; pluginId: string }) {
  const TopBar = lazyComponent(loadTopBar);
  const ProductsHeader = lazyComponent(loadProductsHeader);
  return (
    <>
      <TopBar title={title} logoUrl={logoUrl} header={snapshot.header} viewport={viewport} />
      {shouldShowProductsHeader(snapshot.plugins) ? (
        <ProductsHeader registered={snapshot.plugins} currentPluginId={pluginId} />
      ) : null}
    </>
  );
}

const NEVER_PENDING = of(false);

/** The registry's pending flag; false for a registry without runtime plugins (a test's fake). */
function useRuntimePending(): Observable<boolean> {
  const container = useContainer();
  return useMemo(
    () =>
      container.isRegistered(RuntimePluginRegistryToken, true)
        ? container.resolve(RuntimePluginRegistryToken).pending$
        : NEVER_PENDING,
    [container],
  );
}

/** The shell inside the router: decides the route, then frames the page. */
export function HostShell({ title, logoUrl }: HostChromeProps) {
  const registry = useService(PluginRegistryToken);
  const session = useService(SessionServiceToken);
  const theme = useService(ThemeServiceToken);
  const snapshot = useObservable(registry.registered$, registry.registered());
  const signedIn = useObservable(session.signedIn$, false);
  // The list itself, not yes/no rules: each plugin's guard (decideRoute) checks it its own way.
  const perms = usePermissionList();
  const currentTheme = useObservable(theme.theme$, theme.theme());
  const [path] = useLocation();
  const search = useSearch();
  const { parser } = useRouter();
  const viewport = useViewport();
  const runtimePending = useObservable(useRuntimePending(), false);

  const decision = useMemo(
    () => decideRoute({ path, search, signedIn, perms, snapshot, known: registry.known, parser }),
    [path, search, signedIn, perms, snapshot, registry.known, parser],
  );

  // Guards are plugin code: two that send users to each other must not hang the tab.
  const redirects = useRef(0);
  // An unknown path while the runtime plugins are being fetched may be one of theirs (a deep link,
  // a link to a plugin installed a moment ago): held until they are known, then decided.
  const holding = decision.kind === 'redirect' && decision.to === '/' && runtimePending && signedIn && path !== '/';
  // The spec's redirect to '' alone left the user wondering where the address went: a toast says it.
  const lost = decision.kind === 'redirect' && decision.unknown && signedIn && !holding && path;
  const container = useContainer();
  useEffect(() => {
    // The notice rides the top bar's chunk, which the signed-in page it lands on loads anyway: /login's
    // first load carries no notice and no chunk name of its own (tests/bundleBudget.test.ts).
    if (lost) void loadTopBarChunk().then((m) => m.noticeUnknownPage(container, lost));
  }, [lost, container]);
  if (holding) {
    return <PageFallback />;
  }
  if (decision.kind === 'redirect') {
    redirects.current += 1;
    if (redirects.current > MAX_CHAINED_REDIRECTS) {
      return (
        <NonIdealState
          className="host-plugin-error"
          title="Too many redirects"
          description={`The console kept redirecting (last: ${decision.to}).`}
        />
      );
    }
    // Keyed by the path being left, so chained redirects (unknown -> '' -> /login) each fire.
    return <Redirect key={`${path}?${search}`} to={decision.to} replace />;
  }
  redirects.current = 0;

  const layout = decision.kind === 'page' ? decision.route.layout : 'full';
  // The registered plugin whose frame the page asks for (route.frame), if any.
  const framer =
    decision.kind === 'page' && decision.route.route.frame
      ? snapshot.plugins.find((plugin) => plugin.id === decision.route.route.frame && plugin.frame)
      : undefined;
  let content;
  if (decision.kind === 'page') {
    const Page = lazyComponent(decision.route.route.page);
    const manifest = registry.get(decision.route.pluginId);
    // The page chunk and the plugin's services chunk are fetched together.
    if (manifest?.services) preloadComponent(decision.route.route.page);
    content = (
      <PluginServices manifest={manifest}>
        <Page params={decision.params} />
      </PluginServices>
    );
    if (framer?.frame) {
      const Frame = lazyComponent(framer.frame);
      content = (
        <PluginServices manifest={framer}>
          <Frame>{content}</Frame>
        </PluginServices>
      );
    }
    content = (
      <PluginErrorBoundary key={decision.route.pluginId} pluginTitle={decision.route.pluginTitle} resetKey={path}>
        <Suspense fallback={<PageFallback />}>{content}</Suspense>
      </PluginErrorBoundary>
    );
  } else if (decision.kind === 'nowhere') {
    content = (
      <NonIdealState
        className="host-upgrade"
        title={signedIn ? 'No module is enabled' : 'Nothing to show'}
        description={
          signedIn
            ? 'Your account has no module of this console enabled. Contact your account administrator.'
            : 'This console has no sign-in page installed.'
        }
      />
    );
  } else {
    const Upgrade = lazyComponent(loadUpgradePage);
    const name = decision.product.product?.name ?? decision.product.title;
    content = (
      <Suspense fallback={<PageFallback />}>
        <Upgrade productName={name} />
      </Suspense>
    );
  }

  const pluginId = decision.kind === 'page' ? decision.route.pluginId : decision.kind;
  // A framed page belongs, for the products header, to the plugin that frames it (Administration).
  const headerPluginId = framer?.id ?? pluginId;
  return (
    <HostFrame
      viewport={viewport}
      layout={layout}
      theme={currentTheme}
      pluginId={pluginId}
      chrome={
        layout === 'full' ? (
          <Suspense fallback={<ChromePlaceholder productsHeader={shouldShowProductsHeader(snapshot.plugins)} />}>
            <FullChrome
              title={title}
              logoUrl={logoUrl}
              snapshot={snapshot}
              viewport={viewport}
              pluginId={headerPluginId}
            />
          </Suspense>
        ) : null
      }
      outlets={<LazyOutlets />}
    >
      {content}
    </HostFrame>
  );
}
