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

/** A product declaring a prefix of its own gets the whole stack: API client, hook, component, server module. */
export const isFullProduct = (options) => options.kind === 'product' && (options.prefixes ?? []).length > 0;

/** The files of a plugin, by path relative to plugins/<id>/. Products get a service of their own. */
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
    files[`services/${pascal}AccessService.ts`] = serviceContractSource(options);
    files[`services/Default${pascal}AccessService.ts`] = serviceSource(options);
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
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import { ${pascal}AccessServiceToken } from '../services/${pascal}AccessService';

/** Landing page of /${id}: renders what its own service (${pascal}AccessService) says. */
export default function ${pascal}Page(_props: PageProps) {
  const access = useService(${pascal}AccessServiceToken);
  const resources = useObservable(access.resources$, []);
  return (
    <section className="${id}-page" style={{ padding: 24 }}>
      <H2>${title}</H2>
      <p className={Classes.TEXT_MUTED}>Welcome to ${title}.</p>
      <p data-testid="${id}-resources">Your permissions: {resources.length ? resources.join(', ') : 'none'}</p>
    </section>
  );
}
`;
}

export function serviceContractSource({ id, title }) {
  const pascal = pascalCase(id);
  return `import type { Observable } from 'rxjs';
import { createServiceToken } from '@core/di/ServiceToken';

/** What the token grants in ${title}: the resources of its permissions (\`xyz#scn#r\` -> 'scn'). */
export interface ${pascal}AccessService {
  /** Follows sign-in, refresh and logout. */
  readonly resources$: Observable<readonly string[]>;
}

/** ${title}'s own service: provided by ./${camel(id)}Services.ts, loaded with its page. */
export const ${pascal}AccessServiceToken = createServiceToken<${pascal}AccessService>('${id}.access');
`;
}

export function serviceSource({ id, requires }) {
  const pascal = pascalCase(id);
  return `import { map, type Observable } from 'rxjs';
import { parsePermission } from '@common/permissions/parsePermission';
import type { PermissionsService } from '@core/permissions/PermissionsService';
import type { ${pascal}AccessService } from './${pascal}AccessService';

/** The permission prefixes of the manifest's \`requires\` (the manifest is not imported: it is in the first load). */
const PREFIXES: readonly string[] = [${list(requires)}];

export function resourcesOf(perms: readonly string[]): string[] {
  const resources = perms.map(parsePermission).flatMap((p) => (p && PREFIXES.includes(p.module) ? [p.resource] : []));
  return [...new Set(resources)].sort();
}

export class Default${pascal}AccessService implements ${pascal}AccessService {
  readonly resources$: Observable<readonly string[]>;

  constructor(permissions: PermissionsService) {
    this.resources$ = permissions.perms$.pipe(map(resourcesOf));
  }
}
`;
}

export function servicesSource({ id }) {
  const pascal = pascalCase(id);
  return `import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';
import { ${pascal}AccessServiceToken } from './${pascal}AccessService';
import { Default${pascal}AccessService } from './Default${pascal}AccessService';

/** ${pascalCase(id)}'s services (manifest \`services\`): a token, its dependencies and a factory each. */
export const ${camel(id)}Services = [
  createServiceFactory({
    token: ${pascal}AccessServiceToken,
    deps: { permissions: PermissionsServiceToken },
    factory: ({ permissions }) => new Default${pascal}AccessService(permissions),
  }),
];
`;
}

export function testSource({ id, title, requires, prefixes = [], kind }) {
  const pascal = pascalCase(id);
  const borrowed = requires.filter((prefix) => !prefixes.includes(prefix));
  const plugins = borrowed.length ? `[${camel(id)}Plugin, prefixOwner(${list(borrowed)})]` : `[${camel(id)}Plugin]`;
  const token = kind === 'public' ? 'null' : `makeTestToken([${requires.map((p) => `'${p}#x#r'`).join(', ')}])`;
  const imports = [
    `import { screen } from '@testing-library/react';`,
    ...(kind === 'product' ? [`import { of } from 'rxjs';`] : []),
    `import { describe, expect, it } from 'vitest';`,
    `import { renderHost } from '../../tests/harness/renderHost';`,
    ...(borrowed.length ? [`import { prefixOwner } from '../../tests/harness/testPlugins';`] : []),
    `import { makeTestToken } from '../../tests/harness/tokens';`,
    `import { ${camel(id)}Plugin } from './index';`,
    ...(kind === 'product' ? [`import { ${pascal}AccessServiceToken } from './services/${pascal}AccessService';`] : []),
  ];
  const productTests =
    kind === 'product'
      ? `
  it('shows what its own service says, and a fake given by token replaces it', async () => {
    const host = renderHost({ plugins: ${plugins}, token: makeTestToken(['${requires[0]}#scn#r', '${requires[0]}#dev#rw']), path: '/${id}' });
    expect((await screen.findByTestId('${id}-resources')).textContent).toBe('Your permissions: dev, scn');
    host.unmount();
    renderHost({ plugins: ${plugins}, token: ${token}, path: '/${id}', services: [[${pascal}AccessServiceToken, { resources$: of(['from the fake']) }]] });
    expect((await screen.findByTestId('${id}-resources')).textContent).toBe('Your permissions: from the fake');
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
