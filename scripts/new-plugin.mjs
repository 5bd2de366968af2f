#!/usr/bin/env node
// Scaffolds a plugin:
//   npm run new-plugin -- <id> [--kind product|public|shell] [--prefix snr] [--requires gln,elc] [--title "Name"] [--root <dir>]
//
// A product with a NEW permission prefix (`--prefix snr`) gets the whole stack of docs/conventions.md ("Adding a
// product"): plugins/<id>/ (manifest, api/ over core's ApiClient, services/, hooks/, pages/, components/, tests),
// common/<id>/ (access.ts, paths.ts), server/modules/<id>/ (defineModule, public.ts, routes/ with one GET route
// and its named schema, services/, schemas.ts, a server test, README), e2e/<id>/, and it registers the product in
// host/main.tsx, server/modules/index.ts, common/products.ts, the permission catalogue (server/services/users.ts,
// common/permissions/permissionNames.ts) and tests/contract/permissionAgreement.test.ts; then it regenerates
// common/api/openapi.gen.ts and the docs tables, and formats what it wrote (`--no-generate` leaves those three
// steps to you). A product on prefixes other manifests declare (`--requires gln`), a public page or a shell piece
// gets plugins/<id>/ only (manifest, page, test; a product also a service of its own) and the host line.
// Refuses to overwrite any file.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import {
  camelCase,
  isFullProduct,
  PERMISSION_PREFIX_PATTERN,
  PLUGIN_ID_PATTERN,
  pluginFiles,
  titleCase,
} from './lib/pluginTemplate.mjs';
import { productEdits, productSharedFiles } from './lib/productTemplate.mjs';

const KINDS = ['product', 'public', 'shell'];
const USAGE =
  'usage: npm run new-plugin -- <id> [--kind product|public|shell] [--prefix snr] [--requires gln,elc] [--title "Name"]';
const csv = (text) =>
  text
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);

export function parseArgs(argv) {
  const options = {
    kind: 'product',
    prefixes: [],
    requires: null,
    title: null,
    root: null,
    register: true,
    generate: true,
  };
  const positional = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const value = () => {
      const next = argv[++i];
      if (next === undefined) throw new Error(`${arg} needs a value`);
      return next;
    };
    if (arg === '--kind') options.kind = value();
    else if (arg === '--prefix') options.prefixes = csv(value());
    else if (arg === '--requires') options.requires = csv(value());
    else if (arg === '--title') options.title = value();
    else if (arg === '--root') options.root = value();
    else if (arg === '--no-register') options.register = false;
    else if (arg === '--no-generate') options.generate = false;
    else if (arg.startsWith('--')) throw new Error(`unknown option ${arg}`);
    else positional.push(arg);
  }
  if (positional.length !== 1) throw new Error(USAGE);
  options.id = positional[0];
  return options;
}

/**
 * Prefix -> plugin id, read from the `prefixes: [...]` of every plugins/<id>/index.ts: the
 * manifests are the only list of prefixes (core keeps none).
 */
export function declaredPrefixes(root) {
  const declared = new Map();
  const dir = path.join(root, 'plugins');
  if (!existsSync(dir)) return declared;
  for (const id of readdirSync(dir).sort()) {
    const manifest = path.join(dir, id, 'index.ts');
    if (!existsSync(manifest)) continue;
    const list = /\bprefixes:\s*\[([^\]]*)\]/.exec(readFileSync(manifest, 'utf8'))?.[1] ?? '';
    for (const [, prefix] of list.matchAll(/['"]([^'"]+)['"]/g)) if (!declared.has(prefix)) declared.set(prefix, id);
  }
  return declared;
}

export function validate(options, declared = new Map()) {
  if (!PLUGIN_ID_PATTERN.test(options.id)) {
    throw new Error(
      `invalid plugin id '${options.id}': lower-case letters, digits and dashes, starting with a letter (it becomes the URL /${options.id})`,
    );
  }
  if (!KINDS.includes(options.kind)) throw new Error(`invalid kind '${options.kind}' (one of ${KINDS.join(', ')})`);
  const prefixes = options.prefixes ?? [];
  for (const prefix of prefixes) {
    if (!PERMISSION_PREFIX_PATTERN.test(prefix))
      throw new Error(`invalid permission prefix '${prefix}': must match ${PERMISSION_PREFIX_PATTERN}`);
    if (declared.has(prefix))
      throw new Error(
        `permission prefix '${prefix}' is already declared by plugin '${declared.get(prefix)}'; use --requires ${prefix}`,
      );
  }
  const requires = [...new Set([...prefixes, ...(options.requires ?? [])])];
  if (options.kind === 'product' && requires.length === 0) {
    throw new Error('a product plugin needs --prefix <new prefix> or --requires <declared prefix>');
  }
  const known = [...declared.keys()];
  for (const prefix of requires) {
    if (!prefixes.includes(prefix) && !declared.has(prefix)) {
      throw new Error(
        `unknown permission prefix '${prefix}' (known: ${known.join(', ') || 'none'}); declare a new one with --prefix ${prefix}`,
      );
    }
  }
  return { ...options, prefixes, requires, title: options.title ?? titleCase(options.id) };
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
  return mainSource
    .replace(anchor, `${importLine}${anchor}`)
    .replace(/(export const plugins = \[\n[\s\S]*?)(\n\];)/, `$1\n  ${name},$2`);
}

/** Runs a step of the repository's own tooling in `root`; throws with its output when it fails. */
function run(root, command, args) {
  const result = spawnSync(command, args, { cwd: root, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed:\n${result.stdout}${result.stderr}`);
}

export function scaffold(rawOptions) {
  const root = path.resolve(rawOptions.root ?? path.join(path.dirname(fileURLToPath(import.meta.url)), '..'));
  if (!PLUGIN_ID_PATTERN.test(rawOptions.id)) validate(rawOptions); // throws the id error
  const dir = path.join(root, 'plugins', rawOptions.id);
  if (existsSync(dir)) throw new Error(`plugins/${rawOptions.id} already exists; not overwriting it`);
  const options = validate(rawOptions, declaredPrefixes(root));
  const full = isFullProduct(options);
  const files = Object.fromEntries(
    Object.entries(pluginFiles(options)).map(([file, text]) => [path.join(dir, file), text]),
  );
  if (full) {
    for (const [file, text] of Object.entries(productSharedFiles(options))) files[path.join(root, file)] = text;
  }
  // Nothing is written when any target exists (a server module or common/ folder of that name, say).
  for (const file of Object.keys(files)) {
    if (existsSync(file)) throw new Error(`${path.relative(root, file)} already exists; not overwriting it`);
  }
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text, { flag: 'wx' });
  }
  let registered = false;
  const edited = [];
  const main = path.join(root, 'host', 'main.tsx');
  if (options.register && existsSync(main)) {
    const next = registerInHost(readFileSync(main, 'utf8'), options.id);
    if (next) {
      writeFileSync(main, next);
      registered = true;
      edited.push('host/main.tsx');
    }
  }
  if (full && options.register) {
    for (const [file, edit] of Object.entries(productEdits)) {
      const target = path.join(root, file);
      if (!existsSync(target)) continue;
      const next = edit(readFileSync(target, 'utf8'), options);
      if (next) {
        writeFileSync(target, next);
        edited.push(file);
      }
    }
  }
  const written = Object.keys(files).map((file) => path.relative(root, file));
  if (full && options.generate) {
    // The console's API types include the new route, the docs' module tables the new module, and every file
    // written or edited has the repository's import order and format.
    run(root, 'npx', ['tsx', 'scripts/gen-api-types.ts']);
    run(root, 'npx', ['tsx', 'scripts/gen-docs-tables.ts']);
    const code = [...written, ...edited].filter((file) => /\.(ts|tsx)$/.test(file));
    run(root, 'npx', ['eslint', '--fix', ...code]);
    run(root, 'npx', ['prettier', '--write', ...written, ...edited]);
  }
  return { dir, files: written, edited, registered, generated: full && options.generate, options };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  try {
    const { files, edited, registered, generated, options } = scaffold(parseArgs(process.argv.slice(2)));
    const declares = options.prefixes.length ? `, declares ${options.prefixes.join(', ')}` : '';
    console.log(
      `Created plugin '${options.id}' (${options.kind}${declares}${options.requires.length ? `, requires ${options.requires.join(', ')}` : ''}):`,
    );
    for (const file of files) console.log(`  ${file}`);
    console.log(
      registered
        ? `Registered ${camelCase(options.id)}Plugin in host/main.tsx. Its page is at /${options.id}.`
        : `Register it in host/main.tsx: import { ${camelCase(options.id)}Plugin } from '../plugins/${options.id}'; and add it to \`plugins\`.`,
    );
    if (edited.length > 1) console.log(`Registered it in: ${edited.join(', ')}`);
    if (isFullProduct(options)) {
      console.log(
        generated
          ? 'Regenerated common/api/openapi.gen.ts and the docs tables; formatted what it wrote.'
          : 'Now run: npx tsx scripts/gen-api-types.ts && npx tsx scripts/gen-docs-tables.ts (then eslint --fix, prettier --write)',
      );
      console.log(
        `Try it: npx vitest run --project unit plugins/${options.id} common/${options.id}; npx vitest run --project server server/modules/${options.id}`,
      );
    } else console.log(`Try it: npx vitest run --project unit plugins/${options.id}`);
  } catch (error) {
    console.error(`new-plugin: ${error instanceof Error ? error.message : error}`);
    process.exit(1);
  }
}
