// Templates shared by `npm run new-plugin` and its test, so the scaffold is what the test checks.
import { productPageSource, productPluginFiles, productTestSource } from './productTemplate.mjs';

export const PLUGIN_ID_PATTERN = /^[a-z][a-z0-9-]{0,39}$/;
/** Same rule as core/plugin/validateManifests.ts: the module part of `module#resource#mode`. */
export const PERMISSION_PREFIX_PATTERN = /^[a-z][a-z0-9]{1,15}$/;

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

const list = (items) => items.map((item) => `'${item}'`).join(', ');

/** The files of a plugin, by path relative to plugins/<id>/. Products get their access rules and their own services. */
/** A product declaring a prefix of its own gets the whole stack: API client, hook, component, server module. */
export const isFullProduct = (options) => options.kind === 'product' && (options.prefixes ?? []).length > 0;

export function pluginFiles(options) {
  const pascal = pascalCase(options.id);
  if (isFullProduct(options)) {
    return {
      'index.ts': manifestSource(options),
      [`pages/${pascal}Page.tsx`]: productPageSource(options),
      [`${options.id}.test.tsx`]: productTestSource(options),
      ...productPluginFiles(options),
    };
  }
  const files = {
    'index.ts': manifestSource(options),
    [`pages/${pascal}Page.tsx`]: pageSource(options),
    [`${options.id}.test.tsx`]: testSource(options),
  };
  if (options.kind === 'product') {
    files[`${camel(options.id)}Access.ts`] = accessSource(options);
    files[`services/${camel(options.id)}Services.ts`] = servicesSource(options);
  }
  return files;
}

export function manifestSource({ id, title, kind, requires, prefixes = [] }) {
  const pascal = pascalCase(id);
  const product = kind === 'product';
  const lines = [
    `  id: '${id}',`,
    `  title: '${title}',`,
    `  kind: '${kind}',`,
    ...(prefixes.length
      ? [
          `  // Permission prefixes this plugin introduces: a token with '${prefixes[0]}#…' permissions enables it.`,
          `  prefixes: [${list(prefixes)}],`,
        ]
      : []),
    `  requires: [${list(requires)}],`,
    `  routes: [{ path: '', page: () => import('./pages/${pascal}Page') }],`,
    ...(product
      ? [
          `  product: { name: '${title}', order: 100 },`,
          `  // Where its users land ('' and after sign-in) when it is their only product, or the best-ranked one.`,
          `  landing: { rank: 100 },`,
          `  // Its own services, fetched with its page chunk (never in the first load).`,
          `  services: () => import('./services/${camel(id)}Services').then((m) => m.${camel(id)}Services),`,
        ]
      : []),
  ];
  return `import { definePlugin } from '@core/plugin/PluginManifest';

/** ${title}: everything under /${id}. Only this manifest is imported by the host; the page is a lazy chunk. */
export const ${camel(id)}Plugin = definePlugin({
${lines.join('\n')}
});
`;
}

export function pageSource({ id, title, kind }) {
  const pascal = pascalCase(id);
  if (kind !== 'product') {
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
  return `import { Classes, H2 } from '@blueprintjs/core';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { ${camel(id)}Access } from '../${camel(id)}Access';

/** Landing page of /${id}: shows what its access rules (${camel(id)}Access) allow. */
export default function ${pascal}Page(_props: PageProps) {
  const access = useAccess(${camel(id)}Access);
  return (
    <section className="${id}-page" style={{ padding: 24 }}>
      <H2>${title}</H2>
      <p className={Classes.TEXT_MUTED}>Welcome to ${title}.</p>
      <p data-testid="${id}-access">{access.write ? 'You may make changes here.' : 'You may look around here.'}</p>
    </section>
  );
}
`;
}

export function accessSource({ id, title, requires }) {
  return `import { parsePermission } from '@common/permissions/parsePermission';

/** The permission prefixes of the manifest's \`requires\` (the manifest is not imported: it is in the first load). */
const PREFIXES: readonly string[] = [${list(requires)}];

/** Any of its permissions in a write mode (\`xyz#scn#w\` or \`#rw\`). A check the API applies too belongs in common/<product>/access.ts. */
export function canWrite(perms: readonly string[]): boolean {
  return perms.some((perm) => {
    const parsed = parsePermission(perm);
    return !!parsed && PREFIXES.includes(parsed.module) && parsed.mode !== 'r';
  });
}

/** What ${title}'s pages show or hide: \`useAccess(${camel(id)}Access)\` answers one boolean per rule. */
export const ${camel(id)}Access = {
  write: canWrite,
} as const;
`;
}

export function servicesSource({ id }) {
  return `import { loaderCacheFactory } from '@core/cache/loaderCacheFactory';

/** ${pascalCase(id)}'s services (manifest \`services\`): a token, its dependencies and a factory each; its API client goes here too. */
export const ${camel(id)}Services = [
  // Its array-keyed loaders are cached and invalidated by its mutations (core/cache).
  loaderCacheFactory,
];
`;
}

export function testSource({ id, title, requires, prefixes = [], kind }) {
  const borrowed = requires.filter((prefix) => !prefixes.includes(prefix));
  const plugins = borrowed.length ? `[${camel(id)}Plugin, prefixOwner(${list(borrowed)})]` : `[${camel(id)}Plugin]`;
  const token = kind === 'public' ? 'null' : `makeTestToken([${requires.map((p) => `'${p}#x#r'`).join(', ')}])`;
  const imports = [
    ...(kind === 'product'
      ? [`import { act, screen } from '@testing-library/react';`, `import { of } from 'rxjs';`]
      : [`import { screen } from '@testing-library/react';`]),
    `import { describe, expect, it } from 'vitest';`,
    `import { renderHost } from '../../tests/harness/renderHost';`,
    ...(borrowed.length ? [`import { prefixOwner } from '../../tests/harness/testPlugins';`] : []),
    `import { makeTestToken } from '../../tests/harness/tokens';`,
    `import { ${camel(id)}Plugin } from './index';`,
    ...(kind === 'product' ? [`import { PermissionsServiceToken } from '@core/permissions/PermissionsService';`] : []),
  ];
  const productTests =
    kind === 'product'
      ? `
  it('shows what its access rules allow, follows a refresh, and a PermissionsService fake given by token replaces the token', async () => {
    const host = renderHost({ plugins: ${plugins}, token: makeTestToken(['${requires[0]}#scn#r']), path: '/${id}' });
    expect((await screen.findByTestId('${id}-access')).textContent).toBe('You may look around here.');
    act(() => host.session!.setToken(makeTestToken(['${requires[0]}#scn#rw'])));
    expect((await screen.findByText('You may make changes here.')).dataset.testid).toBe('${id}-access');
    host.unmount();
    const perms = ['${requires[0]}#dev#w'];
    renderHost({ plugins: ${plugins}, token: ${token}, path: '/${id}', services: [[PermissionsServiceToken, { perms$: of(perms), perms: () => perms }]] });
    expect((await screen.findByTestId('${id}-access')).textContent).toBe('You may make changes here.');
  });

  it('is where a user whose only product it is lands', async () => {
    const host = renderHost({ plugins: ${plugins}, token: ${token}, path: '/' });
    await host.waitForPath('/${id}');
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: ${plugins}, token: makeTestToken(['${otherPrefix(requires)}#x#r']), path: '/${id}' });
    await host.waitForPath('/upgrade/${id}');
    expect(screen.queryByRole('heading', { name: '${title}' })).toBeNull();
  });
`
      : '';
  return `${imports.join('\n')}

describe('${id} plugin', () => {
  it('renders its page at /${id} when the token permits it', async () => {
    renderHost({ plugins: ${plugins}, token: ${token}, path: '/${id}' });
    expect(await screen.findByRole('heading', { name: '${title}' }, { timeout: 3000 })).toBeTruthy();
    expect(document.querySelector('.${id}-page')).not.toBeNull();
  });
${productTests}});
`;
}

/** A prefix the plugin does not require, for the "not registered" test. */
function otherPrefix(requires) {
  return ['zzz', 'yyy'].find((prefix) => !requires.includes(prefix));
}

function camel(id) {
  const pascal = pascalCase(id);
  return pascal[0].toLowerCase() + pascal.slice(1);
}
export { camel as camelCase };
