import { describe, expect, it } from 'vitest';

import { definePlugin } from '@core/plugin/PluginManifest';

import { preloadRouteModules, registerRouteLoaders } from './routeModules';

const loginPage = () => Promise.resolve({ default: () => null });
const invitePage = () => Promise.resolve({ default: () => null });
const productPage = () => Promise.resolve({ default: () => null });
registerRouteLoaders([
  definePlugin({
    id: 'login',
    title: 'Sign in',
    kind: 'public',
    requires: [],
    routes: [{ path: '', page: loginPage }],
  }),
  definePlugin({
    id: 'invite',
    title: 'Invitation',
    kind: 'public',
    requires: [],
    routes: [{ path: '/invite/:id', page: invitePage }],
  }),
  definePlugin({
    id: 'neutrino',
    title: 'Neutrino',
    kind: 'product',
    requires: ['ntr#'],
    routes: [{ path: '', page: productPage }],
  }),
]);

function documentWith(table: unknown, links: string[] = []): Document {
  const doc = document.implementation.createHTMLDocument('console');
  for (const href of links) doc.head.insertAdjacentHTML('beforeend', `<link rel="modulepreload" href="${href}">`);
  doc.head.insertAdjacentHTML(
    'beforeend',
    `<script type="application/json" id="route-modules">${JSON.stringify(table)}</script>`,
  );
  return doc;
}
const preloaded = (doc: Document) =>
  [...doc.querySelectorAll('link[rel="modulepreload"]')].map((link) => link.getAttribute('href'));

const table = {
  files: ['/chunks/LoginPage-A.js', '/chunks/chunk-B.js', '/chunks/InvitePage-C.js'],
  routes: { '/login': [0, 1], '/invite/:id': [2, 1] },
};

describe('preloadRouteModules', () => {
  it("adds the route's page chunk and static imports once, keeping links already in the document", () => {
    const doc = documentWith(table, ['/chunks/chunk-B.js']);
    preloadRouteModules(invitePage, doc);
    expect(preloaded(doc)).toEqual(['/chunks/chunk-B.js', '/chunks/InvitePage-C.js']);
    preloadRouteModules(invitePage, doc);
    preloadRouteModules(loginPage, doc);
    expect(preloaded(doc)).toEqual(['/chunks/chunk-B.js', '/chunks/InvitePage-C.js', '/chunks/LoginPage-A.js']);
  });

  it('does nothing for a route the table does not list, an unknown loader or a document without the table', () => {
    const doc = documentWith(table);
    preloadRouteModules(productPage, doc);
    preloadRouteModules(() => Promise.resolve({}), doc);
    expect(preloaded(doc)).toEqual([]);
    const bare = document.implementation.createHTMLDocument('console');
    preloadRouteModules(loginPage, bare);
    expect(preloaded(bare)).toEqual([]);
  });
});
