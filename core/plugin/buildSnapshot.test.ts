import { describe, expect, it } from 'vitest';

import { buildSnapshot } from './buildSnapshot';
import { neverLoadingPage as c, testManifest } from './pluginTestManifests';

const menu = testManifest({
  id: 'menu',
  kind: 'shell',
  requires: [],
  routes: [],
  profileMenu: [
    { id: 'contact', order: 10, label: 'Contact', component: c as never },
    {
      id: 'feature-request',
      order: 20,
      label: 'Feature request',
      component: c as never,
      visible: (perms) => !perms.includes('x#no#r'),
    },
    { id: 'logout', order: 30, label: 'Logout', component: c as never },
  ],
});
// A product hiding other plugins' sections from some of its users (gluon: uploaders).
const product = testManifest({
  id: 'product',
  requires: ['prd'],
  profileMenuRules: [{ hide: ['contact', 'feature-request'], when: (perms) => perms.includes('prd#upl#rw') }],
});

function visibleSections(perms: string[]) {
  return buildSnapshot([menu, product], { signedIn: true, perms })
    .profileMenu.filter((section) => !section.visible || section.visible(perms))
    .map((section) => section.id);
}

describe('buildSnapshot profile menu', () => {
  it.each<[string, string[], string[]]>([
    ['a product user sees every section', ['prd#rpt#r'], ['contact', 'feature-request', 'logout']],
    ["the product's rule hides sections from its uploaders", ['prd#upl#rw'], ['logout']],
    ["a section's own rule still applies", ['prd#rpt#r', 'x#no#r'], ['contact', 'logout']],
    ['the rule of an unregistered product does not apply', ['other#upl#rw'], ['contact', 'feature-request', 'logout']],
  ])('%s', (_name, perms, expected) => {
    expect(visibleSections(perms)).toEqual(expected);
  });
});
