import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

import { errorBody, NOT_FOUND_MESSAGE } from './errorHandler';
import { isApiPath } from './securityHeaders';

/** Content-hashed names the build writes (`main-3FJ2K7QA.js`, `chunks/LoginPage-BSZZNNDY.js`): never change. */
const HASHED = /-[A-Z0-9]{8}\.(?:m?js|css|svg|png|woff2?|ttf)$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Documents and unhashed files: the browser revalidates (ETag) before each use. */
export const REVALIDATE = 'no-cache';

/**
 * Build internals: source maps (they carry every TypeScript source), the metafile, the size
 * report and the route table. Served in development (debugging), never in production; they stay
 * beside the bundle for whoever deploys it.
 */
const BUILD_INTERNALS = /(?:\.map|^\/(?:metafile|build-report|route-modules|prerendered|first-screen)\.json)$/;

/** A path that names a file (`/chunk-NOPE.js`, `/favicon.ico`) is never a console route. */
const FILE_LIKE =
  /\/[^/]*\.(?:m?js|cjs|css|map|json|txt|html?|xml|svg|png|jpe?g|gif|ico|webp|avif|woff2?|ttf|eot|br|gz|wasm)$/i;

export const ROUTE_PRELOADS_MARK = '<!-- route-modulepreload -->';

export interface StaticAssetsOptions {
  staticDir: string;
  production: boolean;
  /** The Content-Security-Policy of a document answer with its nonce (securityHeaders.ts). */
  cspFor?: (nonce: string) => string;
}

/**
 * Every `<script` tag of the document gets this answer's nonce: the host copies it onto the
 * import map it inserts for runtime plugins (a nonce-less inline script is refused by the CSP).
 */
export function withNonce(html: string, nonce: string): string {
  // At the end of the tag: what it says first (`<script type="module" src=…`) stays as built.
  return html.replace(/<script(?=[\s>])([^>]*)>/g, `<script$1 nonce="${nonce}">`);
}

interface RouteModules {
  path: string;
  kind: 'public' | 'shell' | 'product';
  /** A product's module prefixes (`gln` permits `gln#...`). */
  requires?: string[];
  public: boolean;
  files: string[];
}

/** The copy of a public page's first screen (build.mjs, scripts/lib/prerender.mjs). */
interface PrerenderedPage {
  pluginId: string;
  /** The query parameters that still show that screen; any other means no copy. */
  query: string[];
  html: string;
  /** The same in the dark theme (absent in builds before it existed). */
  htmlDark?: string;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** Blueprint's `Classes.DARK` (the server does not load Blueprint for one class name). */
const BLUEPRINT_DARK = 'bp6-dark';
/** The theme the console mirrors from localStorage (core/storage THEME_COOKIE). */
const DARK_THEME_COOKIE = /(?:^|;\s*)jetp-theme=dark(?:;|$)/;

/**
 * The document with the copy of the route's first screen inside `#root`, painted before the
 * script runs (the page takes it over: plugins/login/logic/typedBeforeStart.ts). Only
 * for a reader who is not signed in (a signed-in one is sent on from /login) and a query that
 * asks for nothing else (`/login?token=…` opens another step).
 */
function withPrerendered(
  html: string,
  page: PrerenderedPage | undefined,
  reader: DocumentReader,
  search: string,
  dark: boolean,
  sheet: FirstScreenSheet | null = null,
): string {
  if (!page || reader.signedIn || !html.includes(ROOT_ELEMENT)) return html;
  const keys = [...new URLSearchParams(search).keys()];
  if (keys.some((key) => !page.query.includes(key))) return html;
  // Attribute value and markup come from our own build, never from the request (the copy's
  // styles are in every document: build.mjs). A dark reader gets the dark copy.
  const copy = dark && page.htmlDark ? page.htmlDark : page.html;
  const withCopy = html.replace(ROOT_ELEMENT, `<div id="root" data-prerendered="${page.pluginId}">${copy}</div>`);
  return sheet ? withFirstScreenSheet(withCopy, sheet) : withCopy;
}

/** The first screens' part of the stylesheet and the whole sheet it stands in for (build.mjs, decision 0030). */
interface FirstScreenSheet {
  subset: string;
  whole: string;
}

/**
 * A document with a copy links the subset instead of the whole sheet (6.9 against 34.5 KiB
 * brotli), marked with the whole sheet's address: the host adds that right after it
 * (host/wholeStylesheet.ts), so with both loaded the cascade is the whole sheet's.
 */
export function withFirstScreenSheet(html: string, sheet: FirstScreenSheet): string {
  const whole = `<link rel="stylesheet" href="${sheet.whole}" />`;
  if (!html.includes(whole)) return html;
  return html.replace(whole, `<link rel="stylesheet" href="${sheet.subset}" data-whole-sheet="${sheet.whole}" />`);
}

/** `first-screen.json` of the build, or null (a watch build, a build before the subset existed). */
function readFirstScreenSheet(staticDir: string): FirstScreenSheet | null {
  const file = path.join(staticDir, 'first-screen.json');
  if (!existsSync(file)) return null;
  const sheet = JSON.parse(readFileSync(file, 'utf8')) as Partial<FirstScreenSheet>;
  const safe = (value: unknown): value is string => typeof value === 'string' && /^\/[\w.-]+\.css$/.test(value);
  return safe(sheet.subset) && safe(sheet.whole) ? { subset: sheet.subset, whole: sheet.whole } : null;
}

/** The copy for a path: routes are the plugins' patterns (`/invite/:id`), matched as the router does. */
function readPrerendered(staticDir: string): (urlPath: string) => PrerenderedPage | undefined {
  const file = path.join(staticDir, 'prerendered.json');
  if (!existsSync(file)) return () => undefined;
  const pages = Object.entries(JSON.parse(readFileSync(file, 'utf8')) as Record<string, PrerenderedPage>).map(
    ([route, page]) => ({ pattern: patternOf(route), page }),
  );
  return (urlPath) => pages.find(({ pattern }) => pattern.test(urlPath))?.page;
}

/** Who asks for the document: nobody known, or the holder of a verified access token. */
export type DocumentReader = { signedIn: false } | { signedIn: true; perms: readonly string[] };

/** A route's document and the module files it announces (also sent as a `Link` header). */
interface RouteDocument {
  html: string;
  preload: readonly string[];
}

/** The document for a path (`/login`), its reader, its query string (`returnUrl=…`, no `?`) and the reader's theme. */
type DocumentFor = (urlPath: string, reader: DocumentReader, search: string, dark: boolean) => RouteDocument;

/**
 * The route's modules as a `Link` header: the browser starts fetching the page chunk when the
 * answer's headers arrive, before it has parsed the document's `<head>`. `modulepreload`, not
 * `preload; as=script`: a classic preload is fetched in another mode than the module loader's
 * and would be fetched twice.
 */
export function linkHeader(files: readonly string[]): string {
  return files.map((file) => `<${file}>; rel=modulepreload`).join(', ');
}

/** The rule of core/plugin/isPermitted.ts, on the server: a route's modules are announced only to whom may run them. */
export function mayAnnounce(route: Pick<RouteModules, 'kind' | 'requires'>, reader: DocumentReader): boolean {
  if (route.kind === 'public') return true;
  if (!reader.signedIn) return false;
  if (route.kind === 'shell') return true;
  const prefixes = route.requires ?? [];
  return (
    route.kind === 'product' && reader.perms.some((perm) => prefixes.some((prefix) => perm.startsWith(`${prefix}#`)))
  );
}

/** `/invite/:id` -> a RegExp for one path (wouter's `:param` is one segment, `*` anything). */
function patternOf(route: string): RegExp {
  const source = route
    .split('/')
    .map((segment) =>
      segment === '*' ? '.*' : segment.startsWith(':') ? '[^/]+' : segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'),
    )
    .join('/');
  return new RegExp(`^${source}/?$`, 'i');
}

/**
 * index.html per route, with `<link rel="modulepreload">` for the route's page chunk and its
 * static imports, so the first load asks for everything at once. A public route's modules are
 * announced to anyone; a shell or product route's only to a reader whose token permits them
 * (mayAnnounce), so a token without `ntr#…` never gets a neutrino chunk announced.
 */
function documentsByRoute(staticDir: string, indexHtml: string): DocumentFor {
  const copyFor = readPrerendered(staticDir);
  const sheet = readFirstScreenSheet(staticDir);
  const table = path.join(staticDir, 'route-modules.json');
  const plain = indexHtml.replace(ROUTE_PRELOADS_MARK, '');
  if (!existsSync(table) || !indexHtml.includes(ROUTE_PRELOADS_MARK))
    return (urlPath, reader, search, dark) => ({
      html: withPrerendered(plain, copyFor(urlPath), reader, search, dark, sheet),
      preload: [],
    });
  const routes = JSON.parse(readFileSync(table, 'utf8')) as RouteModules[];
  const documents = routes.map((route) => {
    const links = route.files.map((file) => `<link rel="modulepreload" href="${file}" />`).join('\n    ');
    return { route, pattern: patternOf(route.path), html: indexHtml.replace(ROUTE_PRELOADS_MARK, links) };
  });
  // More specific patterns (fewer parameters) first, as the host's router decides.
  const parameters = (pattern: RegExp) => pattern.source.match(/\[\^\/\]\+|\.\*/g)?.length ?? 0;
  documents.sort((a, b) => parameters(a.pattern) - parameters(b.pattern));
  return (urlPath, reader, search, dark) => {
    const document = documents.find((candidate) => candidate.pattern.test(urlPath));
    const announced = document && mayAnnounce(document.route, reader) ? document : undefined;
    return {
      html: withPrerendered(announced?.html ?? plain, copyFor(urlPath), reader, search, dark, sheet),
      preload: announced?.route.files ?? [],
    };
  };
}

/** The console keeps a copy of its access token in this cookie (core/storage, spec §9). */
const ACCESS_COOKIE = /(?:^|;\s*)access_token=([^;]+)/;

/** The reader of a document request: the access cookie's token when it verifies, else nobody. */
async function readerOf(app: FastifyInstance, request: FastifyRequest): Promise<DocumentReader> {
  const raw = ACCESS_COOKIE.exec(request.headers.cookie ?? '')?.[1];
  if (!raw) return { signedIn: false };
  try {
    const claims = await app.tokens.verify<{ perms?: unknown }>(decodeURIComponent(raw), 'access');
    const perms = Array.isArray(claims.perms)
      ? claims.perms.filter((perm): perm is string => typeof perm === 'string')
      : [];
    return { signedIn: true, perms };
  } catch {
    return { signedIn: false };
  }
}

function cacheControlFor(filePath: string): string {
  const name = filePath.replace(/\.(?:br|gz)$/, '');
  return HASHED.test(name) ? IMMUTABLE : REVALIDATE;
}

/**
 * The console's files (built by build.mjs into STATIC_DIR) and the single-page fallback.
 * Hashed assets are cached for a year, documents revalidated; a missing file is a 404 in the
 * API's error shape (never index.html: a page left open across a deploy must not get HTML for a
 * script); build internals are not served in production.
 */
export async function installStaticAssets(
  app: FastifyInstance,
  { staticDir, production, cspFor }: StaticAssetsOptions,
): Promise<void> {
  const root = path.resolve(staticDir);
  const indexFile = path.join(root, 'index.html');
  const hasConsole = existsSync(indexFile);
  // The address is not echoed back (no answer repeats the request).
  const notFound = (reply: FastifyReply) => reply.code(404).send(errorBody(404, NOT_FOUND_MESSAGE));

  if (hasConsole) {
    // Read again when the build rewrites index.html (npm run dev rebuilds while the API runs). In
    // production the build never changes under a running server: read once, no stat per request.
    let built: { mtimeMs: number; documentFor: DocumentFor } = {
      mtimeMs: -1,
      documentFor: () => ({ html: '', preload: [] }),
    };
    const documentFor: DocumentFor = (urlPath, reader, search, dark) => {
      if (production && built.mtimeMs !== -1) return built.documentFor(urlPath, reader, search, dark);
      const { mtimeMs } = statSync(indexFile);
      if (mtimeMs !== built.mtimeMs)
        built = { mtimeMs, documentFor: documentsByRoute(root, readFileSync(indexFile, 'utf8')) };
      return built.documentFor(urlPath, reader, search, dark);
    };
    // A dark reader's document starts with Blueprint's dark class on <body>, as the theme service
    // sets it once the script runs: no light page (or light copy) flashes first.
    const themedDocumentFor: DocumentFor = (urlPath, reader, search, dark) => {
      const document = documentFor(urlPath, reader, search, dark);
      return dark
        ? { ...document, html: document.html.replace('<body>', `<body class="${BLUEPRINT_DARK}">`) }
        : document;
    };
    // build.mjs writes .br and .gz beside every script and stylesheet: send those when the browser accepts them.
    await app.register(fastifyStatic, {
      root,
      index: false,
      wildcard: false,
      serveDotFiles: false,
      preCompressed: true,
      cacheControl: false,
      allowedPath: (pathName) => !(production && BUILD_INTERNALS.test(pathName)),
      setHeaders: (reply, filePath) => reply.header('Cache-Control', cacheControlFor(filePath)),
    });
    app.setNotFoundHandler(async (request, reply) => {
      const queryAt = request.url.indexOf('?');
      const urlPath = queryAt < 0 ? request.url : request.url.slice(0, queryAt);
      const search = queryAt < 0 ? '' : request.url.slice(queryAt + 1);
      // The console is a single-page app: any non-API GET that does not name a file gets its document.
      if (
        (request.method === 'GET' || request.method === 'HEAD') &&
        !isApiPath(request.url) &&
        !FILE_LIKE.test(urlPath)
      ) {
        const reader = await readerOf(app, request);
        const document = themedDocumentFor(
          urlPath,
          reader,
          search,
          DARK_THEME_COOKIE.test(request.headers.cookie ?? ''),
        );
        if (document.preload.length) reply.header('Link', linkHeader(document.preload));
        // 128 random bits per answer: a nonce is worth nothing once it can be guessed or reused.
        const nonce = randomBytes(16).toString('base64');
        if (cspFor) reply.header('Content-Security-Policy', cspFor(nonce));
        // What a document announces depends on the cookie: never shared between readers.
        return reply
          .type('text/html; charset=utf-8')
          .header('Cache-Control', REVALIDATE)
          .header('Vary', 'Cookie')
          .send(withNonce(document.html, nonce));
      }
      return notFound(reply);
    });
    return;
  }
  app.setNotFoundHandler(async (_request, reply) => notFound(reply));
}
