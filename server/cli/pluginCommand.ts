import { readFile } from 'node:fs/promises';

import {
  auditEveryTenant,
  installPlugin,
  listInstalled,
  PluginRefused,
  pluginStorageFromConfig,
  removePlugin,
  trustKey,
  untrustKey,
} from '../modules/runtimePlugins/public';
import { CliError, parseOptions } from './cliArgs';
import type { CliContext, Command } from './commands';

const USAGE = [
  'Usage: npm run admin -- plugin <install FILE.consoleplugin.tgz | remove ID | list | trust FILE.pub [--name N] | untrust KEYID>',
].join('\n');

async function readArgumentFile(file: string | undefined, what: string): Promise<Buffer> {
  if (!file || file.startsWith('-')) throw new CliError(`${USAGE}\n(${what} is missing)`);
  try {
    return await readFile(file);
  } catch {
    throw new CliError(`Cannot read ${file}`);
  }
}

async function run(ctx: CliContext, argv: readonly string[]): Promise<string> {
  const [sub, arg, ...rest] = argv;
  const deps = {
    db: ctx.db,
    storage: pluginStorageFromConfig(ctx.config.gluon),
    staticDir: ctx.config.staticDir,
    audit: (action: string, target: string, details: Record<string, unknown>) =>
      auditEveryTenant(ctx.db, action, target, details),
  };
  switch (sub) {
    case 'install': {
      if (rest.length) throw new CliError(USAGE);
      const item = await installPlugin(deps, await readArgumentFile(arg, 'the package file'), null);
      return `Installed ${item.id} ${item.version} (${item.routes.join(', ')}), signed by ${item.keyId}; signed-in users with its permissions see it on their next navigation.`;
    }
    case 'remove': {
      if (!arg || rest.length) throw new CliError(USAGE);
      await removePlugin(deps, arg);
      return `Removed ${arg}.`;
    }
    case 'list': {
      if (arg !== undefined) throw new CliError(USAGE);
      const { items, keys } = await listInstalled(ctx.db);
      const plugins = items.length
        ? items.map(
            (p) => `  ${p.id} ${p.version}  ${p.title}  routes ${p.routes.join(' ')}  key ${p.keyId}  ${p.installedAt}`,
          )
        : ['  (none)'];
      const trusted = keys.length ? keys.map((k) => `  ${k.keyId}  ${k.name}  ${k.addedAt}`) : ['  (none)'];
      return ['Runtime plugins:', ...plugins, 'Trusted keys:', ...trusted].join('\n');
    }
    case 'trust': {
      const o = parseOptions({ name: { type: 'string', description: 'a name for the key' } }, rest);
      const pem = (await readArgumentFile(arg, 'the public key file')).toString('utf8');
      const keyId = await trustKey(deps, pem, o.name ?? '', null);
      return `Trusted key ${keyId}${o.name ? ` (${o.name})` : ''}.`;
    }
    case 'untrust': {
      if (!arg || rest.length) throw new CliError(USAGE);
      await untrustKey(deps, arg);
      return `Key ${arg} is no longer trusted: plugins it signed are not served any more.`;
    }
    default:
      throw new CliError(USAGE);
  }
}

/** Runtime plugins from the operator's shell: install, remove, list, trust and untrust signing keys. */
export const pluginCommand: Command = {
  name: 'plugin',
  summary:
    'plugin install FILE | remove ID | list | trust FILE.pub [--name N] | untrust KEYID: runtime plugins and their signing keys',
  options: {
    name: { type: 'string', description: 'plugin trust: a name for the key (default: its id)' },
  },
  async run(ctx, argv) {
    try {
      return await run(ctx, argv);
    } catch (error) {
      // A refusal is the operator's to fix (exit code 2), with the reason.
      if (error instanceof PluginRefused) throw new CliError(`Refused: ${error.message}`);
      throw error;
    }
  },
};
