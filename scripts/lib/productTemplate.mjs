// The rest of a product with a permission prefix of its own, shared by `npm run new-plugin` and its test: its API
// client, hook and component in plugins/<id>/, its rules and console paths in common/<id>/, its server module in
// server/modules/<id>/ (one GET route with a named schema), an e2e suite, and the edits that register it.
import { pascalCase } from './pluginTemplate.mjs';

const camel = (id) => {
  const pascal = pascalCase(id);
  return pascal[0].toLowerCase() + pascal.slice(1);
};

/** Names every template uses: `sonar` -> SonarApi, canViewSonar, /sonar-backend/status, `snr#rpt`. */
export function productNames({ id, title, prefixes }) {
  const pascal = pascalCase(id);
  return {
    id,
    title,
    pascal,
    camel: camel(id),
    prefix: prefixes[0],
    resource: `${prefixes[0]}#rpt`,
    check: `canView${pascal}`,
    backend: `/${id}-backend/`,
    statusPath: `/${id}-backend/status`,
  };
}

/** Files under plugins/<id>/ (besides the manifest and the plugin test of pluginTemplate.mjs). */
export function productPluginFiles(options) {
  const n = productNames(options);
  return {
    [`api/${n.pascal}Api.ts`]: `import type { ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

// Every shape is named from the generated API document (common/api/openapi.gen.ts).
export type ${n.pascal}Status = ApiResponse<'${n.statusPath}', 'get'>;

/** ${n.title}'s calls, one method each; hooks take it with \`useService(${n.pascal}ApiToken)\`, tests fake it by the token. */
export interface ${n.pascal}Api {
  getStatus(): Promise<${n.pascal}Status>;
}

export const ${n.pascal}ApiToken = createServiceToken<${n.pascal}Api>('${n.id}.api');
`,
    [`api/Default${n.pascal}Api.ts`]: `import type { ApiClient } from '@core/api/ApiClient';

import type { ${n.pascal}Api, ${n.pascal}Status } from './${n.pascal}Api';

/** ${n.title}'s calls over core's typed ApiClient: paths, queries and answers are the routes' own types. */
export class Default${n.pascal}Api implements ${n.pascal}Api {
  constructor(private readonly api: ApiClient) {}

  getStatus(): Promise<${n.pascal}Status> {
    return this.api.get('${n.statusPath}');
  }
}
`,
    [`api/Default${n.pascal}Api.test.ts`]: `import { describe, expect, it } from 'vitest';

import { createFakeApiClient } from '@core/testing';

import { Default${n.pascal}Api } from './Default${n.pascal}Api';

describe('Default${n.pascal}Api', () => {
  it('asks GET ${n.statusPath} and answers what the API said', async () => {
    const { api, calls } = createFakeApiClient({
      'GET ${n.statusPath}': () => ({ product: '${n.id}', resources: ['rpt'] }),
    });
    expect(await new Default${n.pascal}Api(api).getStatus()).toEqual({ product: '${n.id}', resources: ['rpt'] });
    expect(calls.map((call) => call.url)).toEqual(['${n.statusPath}']);
  });
});
`,
    [`services/${n.camel}Services.ts`]: `import { ApiClientToken } from '@core/api/ApiClient';
import { loaderCacheFactory } from '@core/cache/loaderCacheFactory';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { ${n.pascal}ApiToken } from '../api/${n.pascal}Api';
import { Default${n.pascal}Api } from '../api/Default${n.pascal}Api';

/** ${n.title}'s services, loaded with its page chunk (manifest \`services\`), never in the first load. */
export const ${n.camel}Services = [
  createServiceFactory({
    token: ${n.pascal}ApiToken,
    deps: { api: ApiClientToken },
    factory: ({ api }) => new Default${n.pascal}Api(api),
  }),
  // The hooks' array-keyed loaders are cached and invalidated by mutations (core/cache).
  loaderCacheFactory,
];
`,
    [`${n.camel}Access.ts`]: `import { ${n.check} } from '@common/${n.id}/access';

/** What ${n.title}'s pages show or hide, for \`useAccess(${n.camel}Access)\`: the checks the API applies. */
export const ${n.camel}Access = {
  view: ${n.check},
} as const;
`,
    [`hooks/use${n.pascal}Status.ts`]: `import { errorText } from '@core/http/errorText';
import { useAccess } from '@core/permissions/useAccess';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { ${n.pascal}ApiToken } from '../api/${n.pascal}Api';
import { ${n.camel}Access } from '../${n.camel}Access';

/** The landing's status (nothing asked without ${n.title}'s read permission: the API would refuse it). */
export function use${n.pascal}Status() {
  const api = useService(${n.pascal}ApiToken);
  const { view: allowed } = useAccess(${n.camel}Access);
  const status = useLoader(allowed ? ['${n.id}', 'status'] : null, () => api.getStatus(), { describe: errorText });
  return { allowed, status };
}
`,
    [`components/${n.pascal}Summary/${n.pascal}Summary.tsx`]: `import { Classes } from '@blueprintjs/core';

/** ${n.pascal}SummaryProps: what the landing shows of the API's status. */
export interface ${n.pascal}SummaryProps {
  /** The resources of the caller's \`${n.prefix}#…\` permissions, as the API read them from the token. */
  resources: readonly string[];
}

/** One line naming the caller's ${n.title} permissions. */
export function ${n.pascal}Summary({ resources }: ${n.pascal}SummaryProps) {
  return (
    <p className={Classes.TEXT_MUTED} data-testid="${n.id}-resources">
      Your permissions: {resources.length ? resources.join(', ') : 'none'}
    </p>
  );
}
`,
    [`components/${n.pascal}Summary/${n.pascal}Summary.test.tsx`]: `import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ${n.pascal}Summary } from './${n.pascal}Summary';

describe('${n.pascal}Summary', () => {
  it('names the resources, or says none', () => {
    const { rerender } = render(<${n.pascal}Summary resources={['cfg', 'rpt']} />);
    expect(screen.getByTestId('${n.id}-resources').textContent).toBe('Your permissions: cfg, rpt');
    rerender(<${n.pascal}Summary resources={[]} />);
    expect(screen.getByTestId('${n.id}-resources').textContent).toBe('Your permissions: none');
  });
});
`,
  };
}

export function productPageSource(options) {
  const n = productNames(options);
  return `import { Callout, H2, Spinner } from '@blueprintjs/core';

import type { PageProps } from '@core/plugin/PluginManifest';

import { ${n.pascal}Summary } from '../components/${n.pascal}Summary/${n.pascal}Summary';
import { use${n.pascal}Status } from '../hooks/use${n.pascal}Status';

/** Landing page of /${n.id}: renders what its hook loads (use${n.pascal}Status); the logic stays in the hook. */
export default function ${n.pascal}Page(_props: PageProps) {
  const { allowed, status } = use${n.pascal}Status();
  return (
    <section className="${n.id}-page" style={{ padding: 24 }}>
      <H2>${n.title}</H2>
      {!allowed ? (
        <Callout intent="warning">Your permissions do not include ${n.title}'s reports.</Callout>
      ) : status.error ? (
        <Callout intent="danger">{status.error}</Callout>
      ) : status.data ? (
        <${n.pascal}Summary resources={status.data.resources} />
      ) : (
        <Spinner size={20} aria-label="Loading" />
      )}
    </section>
  );
}
`;
}

export function productTestSource(options) {
  const n = productNames(options);
  return `import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { ApiClientToken } from '@core/api/ApiClient';
import { createFakeApiClient } from '@core/testing';

import { renderHost } from '../../tests/harness/renderHost';
import { makeTestToken } from '../../tests/harness/tokens';
import { ${n.camel}Plugin } from './index';

const fakeApi = (resources: string[]) =>
  createFakeApiClient({ 'GET ${n.statusPath}': () => ({ product: '${n.id}', resources }) });

describe('${n.id} plugin', () => {
  it('renders its page at /${n.id} with what the API answers', async () => {
    const { api, calls } = fakeApi(['rpt']);
    renderHost({
      plugins: [${n.camel}Plugin],
      token: makeTestToken(['${n.resource}#r']),
      path: '/${n.id}',
      services: [[ApiClientToken, api]],
    });
    expect(await screen.findByRole('heading', { name: '${n.title}' }, { timeout: 3000 })).toBeTruthy();
    expect((await screen.findByTestId('${n.id}-resources')).textContent).toBe('Your permissions: rpt');
    // The shell's own calls (the tenant logo) go through the same client: only the product's count.
    expect(calls.map((call) => call.route).filter((route) => route.includes('/${n.id}-backend/'))).toEqual(['GET ${n.statusPath}']);
  });

  it('asks nothing without its read permission', async () => {
    const { api, calls } = fakeApi([]);
    renderHost({
      plugins: [${n.camel}Plugin],
      token: makeTestToken(['${n.prefix}#cfg#r']),
      path: '/${n.id}',
      services: [[ApiClientToken, api]],
    });
    expect(await screen.findByText("Your permissions do not include ${n.title}'s reports.")).toBeTruthy();
    expect(calls.filter((call) => call.route.includes('/${n.id}-backend/'))).toEqual([]);
  });

  it('is where a user whose only product it is lands', async () => {
    const host = renderHost({
      plugins: [${n.camel}Plugin],
      token: makeTestToken(['${n.resource}#r']),
      path: '/',
      services: [[ApiClientToken, fakeApi([]).api]],
    });
    await host.waitForPath('/${n.id}');
  });

  it('is not registered for a token without its permission prefix', async () => {
    const host = renderHost({ plugins: [${n.camel}Plugin], token: makeTestToken(['zzz#x#r']), path: '/${n.id}' });
    await host.waitForPath('/upgrade/${n.id}');
    expect(screen.queryByRole('heading', { name: '${n.title}' })).toBeNull();
  });
});
`;
}

/** Files by path relative to the repository root: common/<id>/, server/modules/<id>/, e2e/<id>/. */
export function productSharedFiles(options) {
  const n = productNames(options);
  return {
    [`common/${n.id}/access.ts`]: `import { hasPermission } from '../permissions/hasPermission';

/**
 * ${n.title}'s checks (the \`${n.prefix}\` prefix), one function per screen or action: the console hides what they
 * refuse and the API (server/modules/${n.id}) refuses with the same function.
 */
type Perms = readonly string[];

/** Read ${n.title}'s reports: ${n.resource}#r or rw. */
export function ${n.check}(perms: Perms): boolean {
  return hasPermission(perms, '${n.prefix}', 'rpt', ['r', 'rw']);
}
`,
    [`common/${n.id}/access.test.ts`]: `import { type CheckRow, describeChecks } from '../../tests/harness/describeChecks';
import * as checks from './access';

const tables: Record<string, CheckRow[]> = {
  ${n.check}: [
    ['reports r', ['${n.resource}#r'], true],
    ['reports rw', ['${n.resource}#rw'], true],
    ['reports w (writes, never reads)', ['${n.resource}#w'], false],
    ['another resource', ['${n.prefix}#cfg#rw'], false],
    ['nothing', [], false],
  ],
};

describeChecks(checks, tables);
`,
    [`common/${n.id}/paths.ts`]: `/** ${n.title}'s console addresses: the manifest's route patterns (under \`/${n.id}\`) and the functions that build them. */
export const ${n.camel}Routes = {
  home: '',
} as const;

export const ${n.camel}Paths = {
  home: (): string => '/${n.id}',
};
`,
    [`common/${n.id}/paths.test.ts`]: `import { describe, expect, it } from 'vitest';

import { ${n.camel}Paths, ${n.camel}Routes } from './paths';

describe('${n.id} paths', () => {
  it('builds the addresses of the manifest routes', () => {
    expect(${n.camel}Paths.home()).toBe(\`/${n.id}\${${n.camel}Routes.home}\`);
  });
});
`,
    [`server/modules/${n.id}/index.ts`]: `import type { RoutePlugin } from '../../http/routePlugin';
import { defineModule } from '../defineModule';
import { statusRoutes } from './routes/statusRoutes';

/** ${n.title}'s API (console: plugins/${n.id}) under ${n.backend}. */
const ${n.camel}Routes: RoutePlugin = async (app) => {
  await app.register(statusRoutes);
};

export const ${n.camel}Module = defineModule({
  id: '${n.id}',
  title: '${n.id}',
  description: '${n.title}: the status its landing shows',
  prefixes: ['${n.backend}'],
  dependsOn: [],
  routes: ${n.camel}Routes,
});
`,
    [`server/modules/${n.id}/public.ts`]: `// What other modules may import from ${n.id} (scripts/check-boundaries.mjs refuses any other file of it).
export { ${n.camel}Module } from './index';
export type { ${n.pascal}Status } from './schemas';
`,
    [`server/modules/${n.id}/schemas.ts`]: `import type { FromSchema } from 'json-schema-to-ts';

import { named } from '../../schemas';

/** JSON schemas of ${n.id}'s calls (\`as const\`: the handlers' types and the console's generated ones). */

export const ${n.camel}StatusSchema = named('${n.pascal}Status', {
  type: 'object',
  properties: {
    product: { type: 'string' },
    /** The resources of the caller's \`${n.prefix}#…\` permissions. */
    resources: { type: 'array', items: { type: 'string' } },
  },
  required: ['product', 'resources'],
  additionalProperties: false,
} as const);

export type ${n.pascal}Status = FromSchema<typeof ${n.camel}StatusSchema>;
`,
    [`server/modules/${n.id}/services/status.ts`]: `import { parsePermission } from '@common/permissions/parsePermission';

import type { ${n.pascal}Status } from '../schemas';

/** The status of ${n.title} for a caller: the resources its \`${n.prefix}#…\` permissions name, sorted once each. */
export function statusFor(perms: readonly string[]): ${n.pascal}Status {
  const resources = perms.map(parsePermission).flatMap((p) => (p?.module === '${n.prefix}' ? [p.resource] : []));
  return { product: '${n.id}', resources: [...new Set(resources)].sort() };
}
`,
    [`server/modules/${n.id}/routes/statusRoutes.ts`]: `import { ${n.check} } from '@common/${n.id}/access';

import type { RoutePlugin } from '../../../http/routePlugin';
import { bearerSecurity, errors } from '../../../schemas';
import { ${n.camel}StatusSchema } from '../schemas';
import { statusFor } from '../services/status';

/** ${n.statusPath}: read with ${n.resource}#r|rw (common/${n.id}/access.ts, the console's check too). */
export const statusRoutes: RoutePlugin = async (app) => {
  const read = app.authenticate({ allow: ${n.check} });

  app.get(
    '${n.statusPath}',
    {
      preHandler: read,
      schema: {
        summary: "${n.title}'s status for the caller.",
        security: bearerSecurity,
        response: { 200: ${n.camel}StatusSchema, ...errors(401, 403) },
      } as const,
    },
    async (request) => statusFor(request.auth.perms),
  );
};
`,
    [`server/modules/${n.id}/${n.camel}.test.ts`]: `import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createTestApp, type TestApp } from '../../test/testApp';

/** ${n.backend} through the HTTP layer: the app as it is built, answered with \`inject\`. */
describe('${n.id} routes', () => {
  let t: TestApp;
  const token = async (permissions: string[]) => (await t.accessToken(await t.createUser({ permissions }))).token;

  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers its status to a reader, with the resources of its permissions', async () => {
    const reader = await token(['${n.resource}#r', '${n.prefix}#cfg#rw']);
    const res = await t.app.inject({ method: 'GET', url: '${n.statusPath}', headers: { authorization: \`Bearer \${reader}\` } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ product: '${n.id}', resources: ['cfg', 'rpt'] });
  });

  it('refuses a token without the read permission (403) and no token (401)', async () => {
    const other = await token(['${n.prefix}#cfg#rw']);
    const forbidden = await t.app.inject({ method: 'GET', url: '${n.statusPath}', headers: { authorization: \`Bearer \${other}\` } });
    expect(forbidden.statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '${n.statusPath}' })).statusCode).toBe(401);
  });
});
`,
    [`server/modules/${n.id}/README.md`]: `# ${n.id}

${n.title}'s API (console: \`plugins/${n.id}\`), under \`${n.backend}\`.

- \`GET ${n.statusPath}\` (\`${n.resource}#r\`/\`rw\`, \`${n.check}\` of \`common/${n.id}/access.ts\`): the
  resources of the caller's \`${n.prefix}#…\` permissions (\`${n.pascal}Status\`).

\`index.ts\` defines the module, \`public.ts\` is all other modules may import, \`routes/\` validate and call
\`services/\` (no SQL in routes), \`schemas.ts\` holds the \`named(...)\` schemas and their \`FromSchema\` types.
After changing a schema: \`npx tsx scripts/gen-api-types.ts\`.
`,
    [`e2e/${n.id}/playwright.config.ts`]: `import { defineConfig } from '@playwright/test';

import { apiSuiteConfig } from '../shared/apiSuiteConfig';

/** ${n.title} end to end: a user with every permission opens /${n.id}. Run: npx playwright test -c e2e/${n.id}/playwright.config.ts */
export default defineConfig(apiSuiteConfig('${n.id}', { workers: 1 }));
`,
    [`e2e/${n.id}/fixtures/globalSetup.ts`]: `/** The same run folder as e2e/public (a private build of the console and a migrated PGlite template). */
export { default } from '../../public/fixtures/globalSetup';
`,
    [`e2e/${n.id}/fixtures/test.ts`]: `export { expect, test } from '../../shell/fixtures/test';
`,
    [`e2e/${n.id}/specs/${n.camel}.spec.ts`]: `import { expect, test } from '../fixtures/test';

test('a user with every permission opens ${n.title} and sees what the API answers', async ({ page, newUser, signIn }) => {
  await signIn(page, await newUser('all'));
  await page.goto('/${n.id}');
  await expect(page.getByRole('heading', { name: '${n.title}' })).toBeVisible();
  await expect(page.getByTestId('${n.id}-resources')).toHaveText('Your permissions: rpt');
});
`,
    [`e2e/${n.id}/README.md`]: `# e2e/${n.id}

${n.title} in Chromium against a real API: a user with every permission signs in, opens \`/${n.id}\` and sees
the status \`GET ${n.statusPath}\` answers. Run it:

\`\`\`sh
npm run build && CONSOLE_BUILD_DIR=$PWD/dist npx playwright test -c e2e/${n.id}/playwright.config.ts
\`\`\`
`,
  };
}

/** Edits to files that list every product: each returns the new text, or null when the product is already in it. */
export const productEdits = {
  'server/modules/index.ts': (source, options) => {
    const n = productNames(options);
    if (source.includes(`'./${n.id}/index'`)) return null;
    const listed = /(export const apiModules: readonly ModuleDefinition\[\] = \[\n[\s\S]*?)(\n\];)/;
    if (!listed.test(source)) throw new Error('server/modules/index.ts does not have the expected shape');
    return source
      .replace(/^(import[^\n]*\n)(?!import)/m, `$1import { ${n.camel}Module } from './${n.id}/index';\n`)
      .replace(listed, `$1\n  // ${n.title}: scaffolded by npm run new-plugin.\n  ${n.camel}Module,$2`);
  },
  'common/products.ts': (source, options) => {
    const n = productNames(options);
    if (source.includes(`id: '${n.id}'`)) return null;
    const listed = /(export const PRODUCTS: readonly Product\[\] = \[\n[\s\S]*?)(\n\];)/;
    if (!listed.test(source)) throw new Error('common/products.ts does not have the expected shape');
    const entry = `  { id: '${n.id}', title: '${n.title}', modules: ['${n.id}'], apiPrefixes: ['${n.backend}'], permissionPrefix: '${n.prefix}' },`;
    return source.replace(listed, `$1\n${entry}$2`);
  },
  'tests/contract/permissionAgreement.test.ts': (source, options) => {
    const n = productNames(options);
    if (source.includes(`'GET ${n.statusPath}'`)) return null;
    const listed = /(const ROUTES: Record<string, Entry> = \{\n[\s\S]*?)(\n\};)/;
    if (!listed.test(source))
      throw new Error('tests/contract/permissionAgreement.test.ts does not have the expected shape');
    return source
      .replace(
        /^(import \{[^}]*\} from '@common\/[^']+';\n)(?!import \{[^}]*\} from '@common)/m,
        `$1import { ${n.check} } from '@common/${n.id}/access';\n`,
      )
      .replace(listed, `$1\n  // ${n.title} (plugins/${n.id}).\n  'GET ${n.statusPath}': { console: ${n.check} },$2`);
  },
  'server/services/users.ts': (source, options) => {
    const n = productNames(options);
    if (source.includes(`'${n.resource}#rw'`)) return null;
    const listed = /(export const ALL_PERMISSIONS: readonly string\[\] = \[\n[\s\S]*?)(\n\];)/;
    if (!listed.test(source)) throw new Error('server/services/users.ts does not have the expected shape');
    return source.replace(listed, `$1\n  '${n.resource}#rw',$2`);
  },
  'common/permissions/permissionNames.ts': (source, options) => {
    const n = productNames(options);
    if (source.includes(`'${n.resource}':`)) return null;
    const listed = /(export const RESOURCE_NAMES: Readonly<Record<string, string>> = \{\n[\s\S]*?)(\n\};)/;
    if (!listed.test(source)) throw new Error('common/permissions/permissionNames.ts does not have the expected shape');
    return source.replace(listed, `$1\n  '${n.resource}': '${n.title} reports',$2`);
  },
};
