import type { FastifyInstance } from 'fastify';

import type { RoutePlugin } from '../http/routePlugin';

/** Background work a module starts once the app is ready; the returned stop runs before the database closes. */
export interface ModuleWorker {
  name: string;
  start(app: FastifyInstance): (() => Promise<void> | void) | void;
}

/**
 * One server module's public declaration. The API's prefixes (Cache-Control, JSON 404s), the
 * OpenAPI tags and the module tables of the docs are derived from these, never listed by hand.
 */
export interface ModuleDefinition {
  /** Folder name under server/modules ('gluon'). */
  id: string;
  /** OpenAPI tag name and the docs tables' heading. */
  title: string;
  description: string;
  /** API path prefixes the module answers under ('/gluon-backend/'); empty for a library module. */
  prefixes: readonly string[];
  /** Modules whose public.ts this one imports (checked at start and by scripts/check-boundaries.mjs). */
  dependsOn: readonly string[];
  /** The Fastify plugin registering its routes; absent for a library module (no routes). */
  routes?: RoutePlugin;
  workers?: readonly ModuleWorker[];
  /**
   * The job queues its workers and schedules use (`<id>.<work>`), each with its name in words:
   * Administration → Jobs shows these (GET /um/jobs answers them), never a list of its own.
   */
  queues?: Readonly<Record<string, string>>;
}

export function defineModule<const D extends ModuleDefinition>(definition: D): D {
  for (const prefix of definition.prefixes) {
    if (!/^\/[^/].*\/$/.test(prefix))
      throw new Error(`module '${definition.id}': prefix '${prefix}' must start and end with '/'`);
  }
  for (const queue of Object.keys(definition.queues ?? {})) {
    if (!queue.startsWith(`${definition.id}.`))
      throw new Error(`module '${definition.id}': queue '${queue}' must be named '${definition.id}.<work>'`);
  }
  return definition;
}

/**
 * The modules in an order where each comes after what it depends on; throws on an unknown
 * dependency (not in the list) or a cycle, so a wrong declaration fails at start.
 */
export function orderModules(modules: readonly ModuleDefinition[]): ModuleDefinition[] {
  const byId = new Map<string, ModuleDefinition>();
  for (const module of modules) {
    if (byId.has(module.id)) throw new Error(`module '${module.id}' is listed twice`);
    byId.set(module.id, module);
  }
  const ordered: ModuleDefinition[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (module: ModuleDefinition, path: string[]): void => {
    if (state.get(module.id) === 'done') return;
    if (state.get(module.id) === 'visiting')
      throw new Error(`module dependency cycle: ${[...path, module.id].join(' -> ')}`);
    state.set(module.id, 'visiting');
    for (const dependency of module.dependsOn) {
      const target = byId.get(dependency);
      if (!target) throw new Error(`module '${module.id}' depends on '${dependency}', which is not registered`);
      visit(target, [...path, module.id]);
    }
    state.set(module.id, 'done');
    ordered.push(module);
  };
  for (const module of modules) visit(module, []);
  return ordered;
}

/** Registers modules' routes and workers on the app, dependencies first. */
export async function registerModules(app: FastifyInstance, modules: readonly ModuleDefinition[]): Promise<void> {
  const stops: (() => Promise<void> | void)[] = [];
  for (const module of orderModules(modules)) {
    for (const [queue, label] of Object.entries(module.queues ?? {})) app.queue.nameQueue(queue, label);
    const routes = module.routes;
    if (routes) {
      await app.register(async (scope) => {
        // The module's title is its routes' OpenAPI tag (app.ts lists the tags from the definitions).
        scope.addHook('onRoute', (route) => {
          route.schema = { ...route.schema, tags: [module.title] };
        });
        await scope.register(routes);
      });
    }
    for (const worker of module.workers ?? []) {
      app.addHook('onReady', async () => {
        const stop = worker.start(app);
        if (stop) stops.push(stop);
      });
    }
  }
  // Workers stop (finishing the work in hand) before the database closes in onClose.
  app.addHook('preClose', async () => {
    await Promise.all(stops.splice(0).map((stop) => stop()));
  });
}

/** Every API prefix the modules declare: the console never owns these paths. */
export function apiPrefixes(modules: readonly ModuleDefinition[]): string[] {
  return [...new Set(modules.flatMap((module) => module.prefixes))].sort();
}
