#!/usr/bin/env node
// Scaffolds a plugin:  npm run new-plugin -- <id> [--kind product|public|shell] [--requires gln,elc] [--title "Name"] [--root <dir>]
//
// Writes plugins/<id>/index.ts (the manifest), plugins/<id>/pages/<Id>Page.tsx and
// plugins/<id>/<id>.test.tsx, refuses to overwrite, and registers the manifest in
// host/main.tsx (import + entry in the `plugins` list) so the new plugin builds and is tested
// by the next `npm test`.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { camelCase, manifestSource, pageSource, pascalCase, PLUGIN_ID_PATTERN, testSource, titleCase } from './lib/pluginTemplate.mjs';

const KNOWN_PREFIXES = ['gln', 'elc', 'ntr', 'mnt', 'umg'];
const KINDS = ['product', 'public', 'shell'];

export function parseArgs(argv) {
  const options = { kind: 'product', requires: null, title: null, root: null, register: true };
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--kind') options.kind = value();
    else if (arg === '--requires') options.requires = value().split(',').map((s) => s.trim()).filter(Boolean);
    else if (arg === '--title') options.title = value();
    else if (arg === '--root') options.root = value();
    else if (arg === '--no-register') options.register = false;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new Error('usage: npm run new-plugin -- <id> [--kind product|public|shell] [--requires gln,elc] [--title "Name"]');
  options.id = positional[0];
  return options;
}

export function validate(options) {
  if (!PLUGIN_ID_PATTERN.test(options.id)) {
    throw new Error(`invalid plugin id '${options.id}': lower-case letters, digits and dashes, starting with a letter (it becomes the URL /${options.id})`);
  }
  if (!KINDS.includes(options.kind)) throw new Error(`invalid kind '${options.kind}' (one of ${KINDS.join(', ')})`);
  const requires = options.requires ?? (options.kind === 'product' ? ['gln'] : []);
  if (options.kind === 'product' && requires.length === 0) throw new Error('a product plugin needs --requires with at least one prefix');
  for (const prefix of requires) {
    if (!KNOWN_PREFIXES.includes(prefix)) throw new Error(`unknown permission prefix '${prefix}' (known: ${KNOWN_PREFIXES.join(', ')})`);
  }
  return { ...options, requires, title: options.title ?? titleCase(options.id) };
}

/** Adds the import and the list entry to host/main.tsx; returns false when it is already there. */
export function registerInHost(mainSource, id) {
  const name = `${camelCase(id)}Plugin`;
  if (mainSource.includes(`'../plugins/${id}'`)) return null;
  const importLine = `import { ${name} } from '../plugins/${id}';\n`;
  const anchor = "import { startHost } from './startHost';";
  if (!mainSource.includes(anchor) || !/export const plugins = \[\n/.test(mainSource)) {
    throw new Error('host/main.tsx does not have the expected shape; register the plugin by hand');
  }
  return mainSource.replace(anchor, `${importLine}${anchor}`).replace(/(export const plugins = \[\n[\s\S]*?)(\n\];)/, `$1\n  ${name},$2`);
}

export function scaffold(rawOptions) {
  const options = validate(rawOptions);
  const root = path.resolve(options.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  const dir = path.join(root, 'plugins', options.id);
  if (existsSync(dir)) throw new Error(`plugins/${options.id} already exists; not overwriting it`);
  const files = {
    [path.join(dir, 'index.ts')]: manifestSource(options),
    [path.join(dir, 'pages', `${pascalCase(options.id)}Page.tsx`)]: pageSource(options),
    [path.join(dir, `${options.id}.test.tsx`)]: testSource(options),
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text, { flag: 'wx' });
  }
  let registered = false;
  const main = path.join(root, 'host', 'main.tsx');
  if (options.register && existsSync(main)) {
    const next = registerInHost(readFileSync(main, 'utf8'), options.id);
    if (next) {
      writeFileSync(main, next);
      registered = true;
    }
  }
  return { dir, files: Object.keys(files).map((file) => path.relative(root, file)), registered, options };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  try {
    const { files, registered, options } = scaffold(parseArgs(process.argv.slice(2)));
    console.log(`Created plugin '${options.id}' (${options.kind}${options.requires.length ? `, requires ${options.requires.join(', ')}` : ''}):`);
    for (const file of files) console.log(`  ${file}`);
    console.log(
      registered
        ? `Registered ${camelCase(options.id)}Plugin in host/main.tsx. Its page is at /${options.id}.`
        : `Register it in host/main.tsx: import { ${camelCase(options.id)}Plugin } from '../plugins/${options.id}'; and add it to \`plugins\`.`,
    );
    console.log(`Try it: npx vitest run --project unit plugins/${options.id}`);
  } catch (error) {
    console.error(`new-plugin: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
