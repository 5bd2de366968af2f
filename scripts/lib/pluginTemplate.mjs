// Templates shared by `npm run new-plugin` and its test, so the scaffold is what the test checks.

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;

/** 'global-rules' -> 'GlobalRules' */
export function pascalCase(id) {
  return id
    .split('-')
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** 'global-rules' -> 'Global rules' */
export function titleCase(id) {
  const words = id.split('-').filter(Boolean).join(' ');
  return words[0].toUpperCase() + words.slice(1);
}

export function manifestSource({ id, title, kind, requires }) {
  const requiresList = requires.map((prefix) => `'${prefix}'`).join(', ');
  const pascal = pascalCase(id);
  return `import { definePlugin } from '@core/plugin/PluginManifest';

/** ${title}: everything under /${id}. Only this manifest is imported by the host; the page is a lazy chunk. */
export const ${camel(id)}Plugin = definePlugin({
  id: '${id}',
  title: '${title}',
  kind: '${kind}',
  requires: [${requiresList}],
  routes: [{ path: '', page: () => import('./pages/${pascal}Page') }],${
    kind === 'product' ? `\n  product: { name: '${title}', order: 100 },` : ''
  }
});
`;
}

export function pageSource({ id, title }) {
  const pascal = pascalCase(id);
  return `import { Classes, H2 } from '@blueprintjs/core';
import type { PageProps } from '@core/plugin/PluginManifest';

/** Landing page of /${id}. */
export default function ${pascal}Page(_props: PageProps) {
  return (
    <section className="${id}-page" style={{ padding: 24 }}>
      <H2>${title}</H2>
      <p className={Classes.TEXT_MUTED}>Welcome to ${title}.</p>
    </section>
  );
}
`;
}

export function testSource({ id, title, requires, kind }) {
  const token = kind === 'public' ? 'null' : `makeTestToken([${requires.map((p) => `'${p}#x#r'`).join(', ')}])`;
  return `import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { ${camel(id)}Plugin } from './index';

describe('${id} plugin', () => {
  it('renders its page at /${id} when the token permits it', async () => {
    renderHost({ plugins: [${camel(id)}Plugin], token: ${token}, path: '/${id}' });
    expect(await screen.findByRole('heading', { name: '${title}' })).toBeTruthy();
    expect(document.querySelector('.${id}-page')).not.toBeNull();
  });
${
  kind === 'product'
    ? `
  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [${camel(id)}Plugin], token: makeTestToken(['${otherPrefix(requires)}#x#r']), path: '/${id}' });
    await host.waitForPath('/upgrade/${id}');
    expect(screen.queryByRole('heading', { name: '${title}' })).toBeNull();
  });
`
    : ''
}});
`;
}

const KNOWN_PREFIXES = ['gln', 'elc', 'ntr', 'mnt', 'umg'];
function otherPrefix(requires) {
  return KNOWN_PREFIXES.find((prefix) => !requires.includes(prefix)) ?? 'zzz';
}

function camel(id) {
  const pascal = pascalCase(id);
  return pascal[0].toLowerCase() + pascal.slice(1);
}
export { camel as camelCase };
