// @vitest-environment node
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

/**
 * Boundary "no product list in core": core/ and host/ hold no literal naming a product plugin's
 * id or a declared permission prefix ('/gluon', 'gln#', 'monitoring'...). Products say where
 * they live in their manifests (prefixes, landing, services); core and host read the manifests.
 *
 * The names come from the manifests themselves (plugins/<id>/index.ts: `kind: 'product'` and
 * `prefixes: [...]`), so a new product is covered without editing this file. Comments are
 * ignored; tests are not scanned (they describe examples); host/main.tsx is the composition
 * root, the one place that lists the plugins (the scaffold writes its line there).
 */
const EXEMPT_FILES = new Set(['host/main.tsx']);
/** Literals that name a prefix for another reason than a product, each with why. */
const EXEMPT_LITERALS: Record<string, { literal: string; why: string }[]> = {
  'core/session/decodeClaims.ts': [
    {
      literal: 'umg#otp#r',
      why: 'spec §4: the sign-in protocol marks a login awaiting its second factor with this permission',
    },
  ],
};

export interface ProductLiteral {
  file: string;
  line: number;
  literal: string;
  name: string;
}

/** Product ids and declared prefixes, read from the manifests. */
export function productNames(root: string): string[] {
  const names = new Set<string>();
  const plugins = path.join(root, 'plugins');
  for (const id of readdirSync(plugins)) {
    const manifest = path.join(plugins, id, 'index.ts');
    if (!existsSync(manifest)) continue;
    const source = readFileSync(manifest, 'utf8');
    if (/\bkind:\s*['"]product['"]/.test(source)) names.add(id);
    const prefixes = /\bprefixes:\s*\[([^\]]*)\]/.exec(source)?.[1] ?? '';
    for (const [, prefix] of prefixes.matchAll(/['"]([^'"]+)['"]/g)) names.add(prefix!);
  }
  return [...names].sort();
}

/**
 * String and template-literal texts of a TS source with their lines, comments skipped. A small
 * scanner (regex literals are told from division by the token before them), enough for our code.
 */
export function stringLiterals(source: string): { text: string; line: number }[] {
  const found: { text: string; line: number }[] = [];
  let i = 0;
  let line = 1;
  let previous = ''; // last significant character of code, to tell a regex from a division
  const templateDepths: number[] = []; // brace depth at each open `${`
  let depth = 0;
  const readQuoted = (quote: string) => {
    const start = line;
    let text = '';
    i++;
    while (i < source.length && source[i] !== quote) {
      if (source[i] === '\\') {
        text += source[i + 1] ?? '';
        i += 2;
        continue;
      }
      if (source[i] === '\n') line++;
      if (quote === '`' && source[i] === '$' && source[i + 1] === '{') {
        found.push({ text, line: start });
        templateDepths.push(depth);
        depth++;
        i += 2;
        return false; // back to code until the matching `}`
      }
      text += source[i];
      i++;
    }
    found.push({ text, line: start });
    i++;
    return true;
  };
  while (i < source.length) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '\n') {
      line++;
      i++;
    } else if (/\s/.test(c)) {
      i++;
    } else if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? source.length : end + 2;
      line += (source.slice(i, stop).match(/\n/g) ?? []).length;
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      readQuoted(c);
      previous = 'a';
    } else if (c === '/' && (previous === '' || /[(,=:[!&|?{};+\-*%<>~^]/.test(previous))) {
      // A regex literal: skip it, classes included.
      i++;
      let inClass = false;
      while (i < source.length && source[i] !== '\n' && (inClass || source[i] !== '/')) {
        if (source[i] === '\\') i++;
        else if (source[i] === '[') inClass = true;
        else if (source[i] === ']') inClass = false;
        i++;
      }
      i++;
      previous = 'a';
    } else if (c === '}' && templateDepths.length && templateDepths[templateDepths.length - 1] === depth - 1) {
      templateDepths.pop();
      depth--;
      readQuoted('`'); // back into the template, after the `}`
      previous = 'a';
    } else {
      if (c === '{') depth++;
      if (c === '}') depth--;
      previous = /[A-Za-z0-9_$)\]]/.test(c) ? 'a' : c;
      // `return /x/` and `typeof /x/`: a keyword before a slash starts a regex.
      if (/[A-Za-z]/.test(c)) {
        const word = /^[A-Za-z_$][\w$]*/.exec(source.slice(i))![0];
        previous = ['return', 'typeof', 'case', 'in', 'of'].includes(word) ? '(' : 'a';
        i += word.length;
        continue;
      }
      i++;
    }
  }
  return found;
}

function sourceFiles(dir: string, root: string, into: string[] = []): string[] {
  if (!existsSync(dir)) return into;
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name.startsWith('.')) continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) sourceFiles(full, root, into);
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.endsWith('.d.ts'))
      into.push(path.relative(root, full).split(path.sep).join('/'));
  }
  return into;
}

/** Every literal in core/ and host/ naming a product id or a declared prefix as a whole word. */
export function findProductLiterals(root: string): ProductLiteral[] {
  const names = new Set(productNames(root));
  const problems: ProductLiteral[] = [];
  for (const file of [...sourceFiles(path.join(root, 'core'), root), ...sourceFiles(path.join(root, 'host'), root)]) {
    if (EXEMPT_FILES.has(file)) continue;
    const exempt = new Set((EXEMPT_LITERALS[file] ?? []).map((entry) => entry.literal));
    for (const { text, line } of stringLiterals(readFileSync(path.join(root, file), 'utf8'))) {
      if (exempt.has(text)) continue;
      // Words of the literal: '/gluon/upload' -> gluon, upload; 'gln#fl#r' -> gln, fl, r.
      const name = text
        .toLowerCase()
        .split(/[^a-z0-9-]+/)
        .find((word) => names.has(word));
      if (name) problems.push({ file, line, literal: text, name });
    }
  }
  return problems;
}

const root = path.resolve(import.meta.dirname, '..');
const copies: string[] = [];
afterAll(() => {
  for (const copy of copies) rmSync(copy, { recursive: true, force: true });
});

describe('no product list in core/ or host/', () => {
  it("reads this console's product ids and prefixes from the manifests", () => {
    expect(productNames(root)).toEqual(
      expect.arrayContaining([
        'admin',
        'elc',
        'electron',
        'gln',
        'gluon',
        'globalrulesrepository',
        'mnt',
        'monitoring',
        'neutrino',
        'ntr',
        'umg',
      ]),
    );
  });

  it('finds no product literal in core/ and host/', () => {
    expect(findProductLiterals(root).map((p) => `${p.file}:${p.line} '${p.literal}' names ${p.name}`)).toEqual([]);
  });

  it('finds planted literals, with file and line, and ignores comments', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'no-product-list-'));
    copies.push(copy);
    for (const dir of ['core', 'host', 'plugins'])
      cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
    writeFileSync(
      path.join(copy, 'core/plugin/planted.ts'),
      [
        '// A comment may say /gluon and gln#fl#r.',
        "export const root = '/gluon';",
        'export const perm = (r: string) => `ntr#${r}#r`;',
        '/* block: monitoring */ export const re = /[\'"]x/;',
        "export const ok = 'no product here', tpl = `${ok}}` + 'gluonx';",
        'export const ids = ["electron", "globalrulesrepository"];',
      ].join('\n'),
    );
    writeFileSync(path.join(copy, 'host/planted.tsx'), "export const PRODUCTS_HEADER_PLUGIN = 'Neutrino';\n");
    expect(findProductLiterals(copy).map((p) => `${p.file}:${p.line} ${p.name}`)).toEqual([
      'core/plugin/planted.ts:2 gluon',
      'core/plugin/planted.ts:3 ntr',
      'core/plugin/planted.ts:6 electron',
      'core/plugin/planted.ts:6 globalrulesrepository',
      'host/planted.tsx:1 neutrino',
    ]);
  });

  it('covers a product scaffolded with a new prefix without editing this check', () => {
    const copy = mkdtempSync(path.join(tmpdir(), 'no-product-list-'));
    copies.push(copy);
    for (const dir of ['core', 'host', 'plugins'])
      cpSync(path.join(root, dir), path.join(copy, dir), { recursive: true });
    cpSync(path.join(copy, 'plugins/neutrino'), path.join(copy, 'plugins/sonar'), { recursive: true });
    const manifest = path.join(copy, 'plugins/sonar/index.ts');
    writeFileSync(manifest, readFileSync(manifest, 'utf8').replace("prefixes: ['ntr']", "prefixes: ['snr']"));
    writeFileSync(
      path.join(copy, 'host/planted.ts'),
      "export const landing = (perms: string[]) => perms.some((p) => p.startsWith('snr#')) ? '/sonar' : null;\n",
    );
    expect(findProductLiterals(copy).map((p) => `${p.file}:${p.line} ${p.name}`)).toEqual([
      'host/planted.ts:1 snr',
      'host/planted.ts:1 sonar',
    ]);
  });
});
