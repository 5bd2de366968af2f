import { distinctUntilChanged, skip, type Subscription } from 'rxjs';

import type { NavigationService } from '@core/navigation/NavigationService';
import type { RuntimePluginRegistry } from '@core/plugin/RuntimePluginRegistry';
import type { SessionService } from '@core/session/SessionService';
import { isAxiosError } from '@core/util/isAxiosError';

import { ImportMapWriter } from './ImportMapWriter';
import type { RuntimePluginEntry, RuntimePluginsAnswer, RuntimePluginsApi } from './RuntimePluginsApi';
import { installSharedModules } from './sharedModules';
import { type RuntimeModule, toPluginManifest } from './toPluginManifest';

export interface RuntimePluginLoaderOptions {
  registry: RuntimePluginRegistry;
  api: RuntimePluginsApi;
  session: SessionService;
  navigation: NavigationService;
  /** `import(url)` in the browser; tests pass modules from memory. */
  importModule?: (url: string) => Promise<RuntimeModule>;
  document?: Document;
  /** Reports a failed runtime fetch (the console keeps working without its runtime plugins). */
  onError?: (error: unknown) => void;
}

interface Installed {
  version: string;
  styles: HTMLLinkElement[];
}

// A variable specifier: esbuild leaves the import to the browser, which resolves it with the import map.
const browserImport = (url: string): Promise<RuntimeModule> => import(/* @vite-ignore */ url);

/**
 * Keeps the registry's runtime plugins in step with GET /plugins-backend/runtime: asked after
 * sign-in, on every navigation and on every token refresh (a 304 when nothing changed), so an
 * installed plugin appears and a removed one disappears on the user's next step, without a reload.
 * A plugin's module is imported when one of its routes or header pieces first renders; a module
 * that fails to import or render is contained by the host's per-plugin error boundary.
 */
export class RuntimePluginLoader {
  private readonly importModule: (url: string) => Promise<RuntimeModule>;
  private readonly doc: Document;
  private readonly importMap: ImportMapWriter;
  private readonly installed = new Map<string, Installed>();
  private readonly subscriptions: Subscription[] = [];
  private etag: string | null = null;
  private signedIn = false;
  private running: Promise<void> | null = null;
  private queued: Promise<void> | null = null;

  constructor(private readonly options: RuntimePluginLoaderOptions) {
    this.importModule = options.importModule ?? browserImport;
    this.doc = options.document ?? document;
    this.importMap = new ImportMapWriter(this.doc);
  }

  start(): () => void {
    installSharedModules();
    const { session, navigation, registry } = this.options;
    this.subscriptions.push(
      session.signedIn$.pipe(distinctUntilChanged()).subscribe((signedIn) => {
        this.signedIn = signedIn;
        if (!signedIn) {
          this.clear();
          return;
        }
        // A deep link to a runtime plugin's page waits for this first answer (HostShell).
        registry.setPending(true);
        void this.sync();
      }),
      // A refresh brings a new token (perhaps new permissions): the answer may differ.
      session.claims$.pipe(skip(1)).subscribe(() => {
        if (this.signedIn) void this.sync();
      }),
      navigation.path$.pipe(skip(1), distinctUntilChanged()).subscribe(() => {
        if (!this.signedIn) return;
        registry.setPending(true);
        void this.sync();
      }),
    );
    return () => this.stop();
  }

  stop(): void {
    for (const subscription of this.subscriptions.splice(0)) subscription.unsubscribe();
    this.clear();
  }

  /**
   * One request at a time; a trigger while one runs asks once more after it (the answer may
   * predate an install), and triggers meanwhile share that second request.
   */
  sync(): Promise<void> {
    if (!this.running) {
      this.running = this.fetchOnce().finally(() => {
        this.running = null;
      });
      return this.running;
    }
    this.queued ??= this.running.then(() => {
      this.queued = null;
      return this.sync();
    });
    return this.queued;
  }

  /** Which runtime plugins (id → version) are in the registry now. */
  versions(): Record<string, string> {
    return Object.fromEntries([...this.installed].map(([id, item]) => [id, item.version]));
  }

  private async fetchOnce(): Promise<void> {
    const { api, registry, onError } = this.options;
    try {
      const result = await api.fetchRuntime(this.etag);
      // Signed out while asking: the answer is someone's who left.
      if (!this.signedIn) return;
      if (result.changed) {
        this.apply(result.answer);
        this.etag = result.etag;
      }
    } catch (error) {
      // A session that ended (revoked, signed out elsewhere): the session's own 401 handling signs
      // the console out; the plugins have nothing to report.
      if (!(isAxiosError(error) && error.response?.status === 401)) onError?.(error);
    } finally {
      // Still pending when another request follows (a trigger came in meanwhile).
      if (!this.queued) registry.setPending(false);
    }
  }

  private apply(answer: RuntimePluginsAnswer): void {
    const { registry } = this.options;
    // Before any of the new entries is imported: their bare imports and integrity come from it.
    this.importMap.write(answer.importMap);
    const listed = new Set(answer.plugins.map((plugin) => plugin.id));
    for (const id of [...this.installed.keys()]) if (!listed.has(id)) this.uninstall(id);
    for (const plugin of answer.plugins) {
      if (this.installed.get(plugin.id)?.version === plugin.version) continue;
      this.uninstall(plugin.id);
      try {
        registry.add(toPluginManifest(plugin.manifest, this.moduleLoader(plugin)));
      } catch (error) {
        // A runtime plugin naming a built-in's id (the API refuses it; defence in depth): skipped.
        this.options.onError?.(error);
        continue;
      }
      this.installed.set(plugin.id, { version: plugin.version, styles: this.addStyles(plugin, answer) });
    }
  }

  /** One import per plugin version, shared by its pages, header pieces and services. */
  private moduleLoader(plugin: RuntimePluginEntry): () => Promise<RuntimeModule> {
    let module: Promise<RuntimeModule> | null = null;
    return () => {
      module ??= this.importModule(plugin.entryUrl).catch((error: unknown) => {
        const reason = error instanceof Error ? error.message : String(error);
        throw new Error(`${plugin.manifest.title} ${plugin.version} could not be loaded: ${reason}`);
      });
      return module;
    };
  }

  private addStyles(plugin: RuntimePluginEntry, answer: RuntimePluginsAnswer): HTMLLinkElement[] {
    return plugin.styleUrls.map((url) => {
      const link = this.doc.createElement('link');
      link.rel = 'stylesheet';
      link.href = url;
      link.dataset.runtimePlugin = plugin.id;
      const integrity = answer.importMap.integrity?.[url];
      if (integrity) link.integrity = integrity;
      this.doc.head.appendChild(link);
      return link;
    });
  }

  private uninstall(id: string): void {
    const item = this.installed.get(id);
    if (!item) return;
    this.options.registry.remove(id);
    for (const link of item.styles) link.remove();
    this.installed.delete(id);
  }

  private clear(): void {
    for (const id of [...this.installed.keys()]) this.uninstall(id);
    this.etag = null;
    this.options.registry.setPending(false);
  }
}
