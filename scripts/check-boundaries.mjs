#!/usr/bin/env node
// Import boundaries (bulletproof-react): plugins -> core; host -> core + plugin manifests;
// core -> nothing of ours above it; no plugin imports another plugin; no cycles. common/ is the
// contract both sides of the wire share (generated API types, permission rules, sanitiser lists,
// formats): every area may import it, and it imports nothing of ours but itself. server/ imports
// common/ and itself, never the console (core, plugins, host), and the console never imports server/. Inside core,
// the session never imports http (http asks the session for credentials, not the reverse).
// Credentials: only core/session (and core/storage, which persists them) touches the token
// storage keys (zo-token, zo-recovery-token, zo-profile, zo-remember-2fa) or the access_token
// cookie; every other file asks the session.
// Server modules: a file under server/modules/A imports another module B only through
// B/public.ts, and A's index.ts declares B in its dependsOn (defineModule); a test file may use
// another module's public.ts to set up its data without that declaration.
//
//   node scripts/check-boundaries.mjs [--root <dir>]
//
// Test files (*.test.ts[x]) may also import the shared test harness under tests/.
// Blueprint (scripts/lib/deepImports.mjs rewrites its named imports into its own modules) is
// imported by name in the console: any other runtime form loads its whole index.
// Cycles are searched over runtime imports (`import type` / `export type` erase at build time).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEEP_IMPORTED_PACKAGES } from './lib/deepImports.mjs';

const AREAS = ['common', 'core', 'plugins', 'host', 'server'];
/** Areas whose files run in the browser: the credential rule applies to them. */
const CONSOLE_AREAS = ['core', 'plugins', 'host'];
const EXTENSIONS = ['.ts', '.tsx'];

function walk(dir, files = []) {
  if (!existsSync(dir)) return files;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full, files);
    else if (EXTENSIONS.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')) files.push(full);
  }
  return files;
}

function stripComments(source) {
  // Strings are kept (import specifiers live in them); comments could hide fake imports.
  return source
    .replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' '))
    .replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

/**
 * Every import of a file: static, re-export, side-effect, dynamic import() and require(), each
 * with its form: 'named' (`import { a } from`), 'default' (`import a from`, `import a, { b } from`),
 * 'namespace' (`import * as a from`), 're-export' (`export { a } from`), 'export-all'
 * (`export * from`, `export * as a from`), 'side-effect' (`import 'x'`), 'dynamic' or 'require'.
 */
export function parseImports(source) {
  const text = stripComments(source);
  const imports = [];
  const staticForm = (clause) => (clause.startsWith('{') ? 'named' : clause.startsWith('*') ? 'namespace' : 'default');
  const exportForm = (clause) => (clause.startsWith('*') ? 'export-all' : 're-export');
  const patterns = [
    {
      re: /(^|[;\s])import\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*['"]([^'"]+)['"]/g,
      typeGroup: 2,
      specGroup: 4,
      form: (m) => staticForm(m[3].trim()),
    },
    {
      re: /(^|[;\s])export\s+(type\s+)?([\w*{}\s,$]*?)\s*from\s*['"]([^'"]+)['"]/g,
      typeGroup: 2,
      specGroup: 4,
      form: (m) => exportForm(m[3].trim()),
    },
    { re: /(^|[;\s])import\s*['"]([^'"]+)['"]/g, specGroup: 2, form: () => 'side-effect' },
    { re: /\bimport\s*\(\s*['"]([^'"]+)['"]\s*\)/g, specGroup: 1, form: () => 'dynamic' },
    { re: /\brequire\s*\(\s*['"]([^'"]+)['"]\s*\)/g, specGroup: 1, form: () => 'require' },
  ];
  for (const { re, typeGroup, specGroup, form } of patterns) {
    for (const match of text.matchAll(re)) {
      const specifier = match[specGroup];
      const at = match.index + match[0].lastIndexOf(specifier);
      const line = text.slice(0, at).split('\n').length;
      imports.push({ specifier, typeOnly: Boolean(typeGroup && match[typeGroup]), form: form(match), line });
    }
  }
  return imports;
}

/**
 * A console file's import of a package the build rewrites into deep imports
 * (scripts/lib/deepImports.mjs), in a form it cannot rewrite: only `import { a } from` is
 * rewritten, so any other runtime form (default, namespace, re-export, export *, side-effect,
 * dynamic) loads the package's index, every export with it, into the chunk. Type-only imports are
 * erased by the build and stay allowed; so do the package's own subpaths (its stylesheet).
 */
export function deepImportViolation(root, file, imp) {
  if (!DEEP_IMPORTED_PACKAGES.includes(imp.specifier) || imp.typeOnly || imp.form === 'named') return null;
  if (!CONSOLE_AREAS.includes(path.relative(root, file).split(path.sep)[0])) return null;
  return `${imp.form} import of ${imp.specifier}: it brings the whole index into the chunk; import it by name (import { X } from), which the build rewrites into its own modules (scripts/lib/deepImports.mjs)`;
}

function resolveFile(base) {
  const candidates = [
    base,
    ...EXTENSIONS.map((ext) => base + ext),
    ...EXTENSIONS.map((ext) => path.join(base, `index${ext}`)),
  ];
  return candidates.find((file) => existsSync(file) && statSync(file).isFile()) ?? null;
}

/** Our file for a specifier, or null for a package. Unresolvable paths of ours still count. */
export function resolveImport(root, fromFile, specifier) {
  let base;
  if (specifier.startsWith('.')) base = path.resolve(path.dirname(fromFile), specifier);
  else if (specifier.startsWith('@core/')) base = path.join(root, 'core', specifier.slice('@core/'.length));
  else if (specifier === '@core') base = path.join(root, 'core');
  else if (specifier.startsWith('@common/')) base = path.join(root, 'common', specifier.slice('@common/'.length));
  else return null;
  return resolveFile(base) ?? base;
}

const isTestFile = (file) => /\.test\.tsx?$/.test(file);

/** Inside core: folder -> core folders it must not import. */
const CORE_FORBIDDEN = {
  session: ['http'],
  storage: ['session', 'http'],
  errors: ['session', 'http'],
};
const CORE_FORBIDDEN_WHY = {
  http: 'the HTTP service asks the session for credentials, never the reverse',
  session: 'the session is built on storage, not the reverse',
};

/** Where credentials may be touched: the session owns them, storage persists them. */
const CREDENTIAL_OWNERS = ['core/session/', 'core/storage/'];

/** Reads or writes of a credential: token storage keys (by name or by value) and the cookie. */
const CREDENTIAL_USAGES = [
  {
    re: /\bStorageKeys\s*\.\s*(token|recoveryToken|profile|rememberedDevices)\b/g,
    usage: (m) => `StorageKeys.${m[1]}`,
  },
  { re: /(['"`])(zo-token|zo-recovery-token|zo-profile|zo-remember-2fa)\1/g, usage: (m) => `'${m[2]}'` },
  {
    re: /\b(setAccessCookie|getAccessCookie|getRememberToken|setRememberToken|ACCESS_TOKEN_COOKIE)\b/g,
    usage: (m) => m[1],
  },
  { re: /\bdocument\s*\.\s*cookie\b/g, usage: () => 'document.cookie' },
];

/** Every credential usage of a source file (comments ignored), in order. */
export function findCredentialUsages(source) {
  const text = stripComments(source);
  const found = [];
  for (const { re, usage } of CREDENTIAL_USAGES) {
    for (const match of text.matchAll(re))
      found.push({ usage: usage(match), line: text.slice(0, match.index).split('\n').length });
  }
  return found.sort((a, b) => a.line - b.line);
}

function credentialRuleApplies(root, file) {
  const rel = path.relative(root, file).split(path.sep).join('/');
  return (
    !isTestFile(file) &&
    CONSOLE_AREAS.includes(rel.split('/')[0]) &&
    !CREDENTIAL_OWNERS.some((owner) => rel.startsWith(owner))
  );
}

function areaOf(root, file) {
  const rel = path.relative(root, file).split(path.sep);
  return { area: rel[0], plugin: rel[0] === 'plugins' ? rel[1] : undefined, rel: rel.join('/') };
}

/** The module a server file belongs to ('gluon' for server/modules/gluon/…), or null. */
function serverModuleOf(rel) {
  const match = /^server\/modules\/([^/]+)\//.exec(rel);
  return match ? match[1] : null;
}

/** A module's declared dependencies, read from its index.ts definition (`dependsOn: ['a', 'b']`). */
function declaredDependencies(root, moduleId, cache) {
  if (!cache.has(moduleId)) {
    const index = resolveFile(path.join(root, 'server', 'modules', moduleId, 'index'));
    const match = index ? /\bdependsOn\s*:\s*\[([^\]]*)\]/.exec(stripComments(readFileSync(index, 'utf8'))) : null;
    cache.set(moduleId, match ? [...match[1].matchAll(/['"]([^'"]+)['"]/g)].map((m) => m[1]) : []);
  }
  return cache.get(moduleId);
}

function moduleViolation(root, a, b, cache) {
  const [from, to] = [serverModuleOf(a.rel), serverModuleOf(b.rel)];
  if (!from || !to || from === to) return null;
  if (!/^server\/modules\/[^/]+\/public\.tsx?$/.test(b.rel))
    return `module '${from}' may import module '${to}' only through server/modules/${to}/public.ts (${b.rel})`;
  if (!isTestFile(a.rel) && !declaredDependencies(root, from, cache).includes(to))
    return `module '${from}' imports module '${to}' without declaring it in dependsOn (server/modules/${from}/index.ts)`;
  return null;
}

function ruleViolation(root, from, to, cache = new Map()) {
  const a = areaOf(root, from);
  const b = areaOf(root, to);
  if (b.rel.startsWith('..')) return `imports ${b.rel}, outside the project`;
  if (b.area === 'tests') return isTestFile(from) ? null : `imports the test harness ${b.rel} from non-test code`;
  if (a.area === 'common')
    return b.area === 'common' ? null : `common/ is shared by the console and the API: it must not import ${b.rel}`;
  if (b.area === 'common') return null;
  if (a.area === 'server')
    return b.area === 'server'
      ? moduleViolation(root, a, b, cache)
      : `server/ must not import the console (${b.rel}); share it through common/`;
  if (b.area === 'server') return `the console must not import server/ (${b.rel}); share it through common/`;
  if (a.area === 'core') {
    if (b.area === 'plugins' || b.area === 'host') return `core must not import ${b.area}/ (${b.rel})`;
    if (b.area !== 'core') return `core must not import ${b.rel}`;
    const [from, to] = [a.rel.split('/')[1], b.rel.split('/')[1]];
    if (CORE_FORBIDDEN[from]?.includes(to))
      return `core/${from} must not import core/${to}: ${CORE_FORBIDDEN_WHY[to]} (${b.rel})`;
  }
  if (a.area === 'plugins') {
    if (b.area === 'plugins' && b.plugin !== a.plugin) return `plugin '${a.plugin}' imports another plugin (${b.rel})`;
    if (b.area !== 'core' && b.area !== 'plugins')
      return `plugin '${a.plugin}' may import only core/ and its own folder (${b.rel})`;
  }
  if (a.area === 'host') {
    if (b.area === 'plugins' && !/^plugins\/[^/]+\/index\.tsx?$/.test(b.rel)) {
      return `host may import only a plugin's index.ts manifest (${b.rel})`;
    }
    if (b.area !== 'core' && b.area !== 'plugins' && b.area !== 'host') return `host must not import ${b.rel}`;
  }
  return null;
}

/** Every elementary cycle representative: one per strongly connected component (Tarjan). */
function findCycles(graph) {
  let index = 0;
  const indices = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const strongConnect = (node) => {
    indices.set(node, index);
    low.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        strongConnect(next);
        low.set(node, Math.min(low.get(node), low.get(next)));
      } else if (onStack.has(next)) {
        low.set(node, Math.min(low.get(node), indices.get(next)));
      }
    }
    if (low.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      const selfLoop = (graph.get(node) ?? new Set()).has(node);
      if (component.length > 1 || selfLoop) components.push(new Set(component));
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) strongConnect(node);

  // Print one concrete cycle per component: a shortest path back to its first member.
  return components.map((component) => {
    const start = [...component].sort()[0];
    const previous = new Map([[start, null]]);
    const queue = [start];
    while (queue.length) {
      const node = queue.shift();
      for (const next of graph.get(node) ?? []) {
        if (!component.has(next)) continue;
        if (next === start) {
          const cycle = [start];
          for (let at = node; at !== start; at = previous.get(at)) cycle.splice(1, 0, at);
          cycle.push(start);
          return cycle;
        }
        if (!previous.has(next)) {
          previous.set(next, node);
          queue.push(next);
        }
      }
    }
    return [start, start];
  });
}

export function checkBoundaries(root) {
  const files = AREAS.flatMap((area) => walk(path.join(root, area)));
  const violations = [];
  const graph = new Map();
  const dependencies = new Map();
  for (const file of files) {
    const edges = new Set();
    graph.set(file, edges);
    const source = readFileSync(file, 'utf8');
    if (credentialRuleApplies(root, file)) {
      for (const { usage, line } of findCredentialUsages(source)) {
        violations.push({
          file: path.relative(root, file),
          line,
          usage,
          problem: 'only the session touches credentials (ask SessionService: adopt, authorization, rememberedDevice…)',
        });
      }
    }
    for (const imp of parseImports(source)) {
      const deep = deepImportViolation(root, file, imp);
      if (deep)
        violations.push({ file: path.relative(root, file), line: imp.line, specifier: imp.specifier, problem: deep });
      const target = resolveImport(root, file, imp.specifier);
      if (!target) continue;
      const problem = ruleViolation(root, file, target, dependencies);
      if (problem)
        violations.push({ file: path.relative(root, file), line: imp.line, specifier: imp.specifier, problem });
      if (!imp.typeOnly) edges.add(target);
    }
  }
  violations.sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
  const cycles = findCycles(graph).map((cycle) =>
    cycle.map((file) => path.relative(root, file).split(path.sep).join('/')),
  );
  return { files: files.length, violations, cycles };
}

export function formatBoundaryReport({ files, violations, cycles }) {
  const lines = [];
  for (const v of violations)
    lines.push(`${v.file}:${v.line}: ${v.usage ? `uses ${v.usage}` : `import '${v.specifier}'`}: ${v.problem}`);
  for (const cycle of cycles) lines.push(`import cycle: ${cycle.join(' -> ')}`);
  lines.push(
    violations.length || cycles.length
      ? `Boundaries: ${violations.length} violation(s), ${cycles.length} cycle(s) in ${files} files`
      : `Boundaries OK (${files} files)`,
  );
  return lines.join('\n');
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const args = process.argv.slice(2);
  const rootIndex = args.indexOf('--root');
  const root = path.resolve(
    rootIndex >= 0 ? args[rootIndex + 1] : path.join(path.dirname(fileURLToPath(import.meta.url)), '..'),
  );
  const result = checkBoundaries(root);
  const report = formatBoundaryReport(result);
  if (result.violations.length || result.cycles.length) {
    console.error(report);
    process.exit(1);
  }
  console.log(report);
}
