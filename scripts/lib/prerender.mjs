// The copy of a public page's first screen that the document carries: rendered here
// at build time from the page's own components, inserted by the API into that route's document
// (server/plugins/staticAssets.ts), so the page paints with the stylesheet, before the script
// runs; the live page then replaces it (plugins/login/logic/typedBeforeStart.ts).
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/**
 * Route -> the module and export that render the copy of its first screen, its plugin, and the
 * query parameters that still show that screen (/login with `token=`, `okta`, `ssoDomain`...
 * opens another step: no copy then).
 */
export const PRERENDERED_PAGES = [
  {
    route: '/login',
    pluginId: 'login',
    query: ['returnUrl', 'legacy'],
    module: './plugins/login/prerender/LoginPrerender',
    component: 'LoginPrerender',
  },
  // Pages whose first state waits for an answer: the copy is their spinner (the host fetches the
  // page chunk and the page its answer while it shows). Any query means another state: no copy.
  {
    route: '/invite/:id',
    pluginId: 'invite',
    query: [],
    module: './plugins/invite/prerender/InvitePrerender',
    component: 'InvitePrerender',
  },
  {
    route: '/resetPassword/:password_recovery_id',
    pluginId: 'reset-password',
    query: [],
    module: './plugins/reset-password/prerender/ResetPasswordPrerender',
    component: 'ResetPasswordPrerender',
  },
  // `tokenquick=` opens the quick-link screen instead of the wizard: no copy then.
  {
    route: '/collector/:id',
    pluginId: 'collector',
    query: [],
    module: './plugins/collector/prerender/CollectorPrerender',
    component: 'CollectorPrerender',
  },
];

/**
 * The styles of the prerendered first screens: written into the document (build.mjs, through
 * chunkCss `inDocument`) instead of their chunk, so the copy paints styled before any script.
 */
export const DOCUMENT_STYLES = [
  'plugins/login/components/LoginLayout/LoginLayout.css',
  'core/ui/PublicPage/PublicPage.css',
  'plugins/invite/pages/InvitePage.css',
  'plugins/reset-password/pages/ResetPasswordPage.css',
  'plugins/collector/pages/CollectorPage.css',
];

function entrySource(pages) {
  const imports = pages.map(
    (page, i) => `import { ${page.component} as Page${i} } from ${JSON.stringify(page.module)};`,
  );
  const entries = pages.map(
    (page, i) =>
      // The frame of a bare (public) page; the viewport class only changes the signed-in top bar.
      `  [${JSON.stringify(page.route)}]: { pluginId: ${JSON.stringify(page.pluginId)}, query: ${JSON.stringify(page.query)}, ` +
      // Both themes: the API sends the one of the reader's `jetp-theme` cookie (core/storage).
      ['light', 'dark']
        .map(
          (theme) =>
            `${theme === 'light' ? 'html' : 'htmlDark'}: renderToStaticMarkup(<HostFrame viewport="wide" layout="bare" theme="${theme}" pluginId=${JSON.stringify(page.pluginId)}><Page${i} /></HostFrame>)`,
        )
        .join(', ') +
      ` },`,
  );
  return [
    `import { renderToStaticMarkup } from 'react-dom/server';`,
    `import { HostFrame } from './host/layout/HostFrame';`,
    ...imports,
    `export const markup = {`,
    ...entries,
    `};`,
  ].join('\n');
}

/** `{ [route]: { pluginId, query, html, htmlDark } }` for the console's prerendered pages. */
export async function prerenderPages({ esbuild, root, pages = PRERENDERED_PAGES }) {
  const { outputFiles } = await esbuild.build({
    absWorkingDir: root,
    stdin: { contents: entrySource(pages), resolveDir: root, loader: 'tsx', sourcefile: 'prerender-entry.tsx' },
    bundle: true,
    write: false,
    platform: 'node',
    // CommonJS: react-dom/server's Node build requires Node's own modules.
    format: 'cjs',
    outfile: 'prerender.cjs',
    jsx: 'automatic',
    tsconfig: path.join(root, 'tsconfig.json'),
    define: { 'process.env.NODE_ENV': '"production"' },
    // Styles are the document's business (DOCUMENT_STYLES), not the markup's.
    loader: { '.css': 'empty', '.svg': 'empty', '.png': 'empty' },
    logLevel: 'warning',
  });
  // Loaded from a file, removed at once.
  const dir = mkdtempSync(path.join(root, 'node_modules', '.prerender-'));
  try {
    const file = path.join(dir, 'prerender.cjs');
    writeFileSync(file, outputFiles[0].text);
    return createRequire(import.meta.url)(file).markup;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
