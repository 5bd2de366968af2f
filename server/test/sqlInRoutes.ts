import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Finds SQL in route modules (rule: routes call services, SQL lives in services/stores).
 * A tiny lexer separates code from string/template literals and comments, so `request.query`
 * or a comment quoting SQL do not count, and SQL split over template lines is found.
 */

export interface SqlFinding {
  file: string;
  line: number;
  what: string;
}

interface Literal {
  start: number;
  text: string;
}

/** Statements in literals: upper-case keywords as the code base writes SQL. */
const SQL_TEXT: readonly RegExp[] = [/\bSELECT\s+\S/, /\bINSERT\s+INTO\b/, /\bUPDATE\s+\S/, /\bDELETE\s+FROM\b/];
/** Database calls in code. */
const SQL_CALLS: readonly [RegExp, string][] = [
  [/\.query\s*(?:<[^()]*?>)?\s*\(/g, 'database call .query('],
  [/(?<![\w$.])q\s*\(/g, 'database call q('],
  [/\bdb\s*\.\s*tx\s*\(/g, 'transaction db.tx('],
];
/** Characters after which a `/` starts a regular expression, not a division. */
const BEFORE_REGEX = new Set('(,=:[!&|?{};+-*%<>~^'.split(''));
const KEYWORD_BEFORE_REGEX =
  /(?:^|[^\w$])(?:return|typeof|case|void|in|of|delete|throw|new|else|do|yield|await|instanceof)$/;

/** Code with literals and comments blanked (offsets and line breaks kept), and the literals' texts. */
export function lex(source: string): { code: string; literals: Literal[] } {
  const n = source.length;
  const code = source.split('');
  const literals: Literal[] = [];
  const blank = (from: number, to: number) => {
    for (let k = from; k < Math.min(to, n); k++) if (code[k] !== '\n') code[k] = ' ';
  };
  /** Brace depth to return to when a template's `${ ... }` closes. */
  const templates: number[] = [];
  let depth = 0;
  let prev = '';

  /** Reads template text from `from`; returns where code resumes and whether the template ended. */
  const readTemplate = (from: number): { next: number; ended: boolean } => {
    let j = from;
    let text = '';
    while (j < n) {
      const c = source[j]!;
      if (c === '\\') {
        text += source.slice(j, j + 2);
        j += 2;
      } else if (c === '`' || (c === '$' && source[j + 1] === '{')) {
        literals.push({ start: from, text });
        blank(from, j);
        if (c === '`') return { next: j + 1, ended: true };
        templates.push(depth++);
        return { next: j + 2, ended: false };
      } else {
        text += c;
        j++;
      }
    }
    literals.push({ start: from, text });
    blank(from, n);
    return { next: n, ended: true };
  };

  let i = 0;
  while (i < n) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      const end = source.indexOf('\n', i);
      const stop = end < 0 ? n : end;
      blank(i, stop);
      i = stop;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end < 0 ? n : end + 2;
      blank(i, stop);
      i = stop;
    } else if (c === '"' || c === "'") {
      let j = i + 1;
      let text = '';
      while (j < n && source[j] !== c && source[j] !== '\n') {
        if (source[j] === '\\') {
          text += source.slice(j, j + 2);
          j += 2;
        } else text += source[j++];
      }
      literals.push({ start: i + 1, text });
      blank(i + 1, j);
      i = j + 1;
      prev = 'a';
    } else if (c === '`' || (c === '}' && templates.length > 0 && templates[templates.length - 1] === depth - 1)) {
      if (c === '}') {
        templates.pop();
        depth--;
      }
      const r = readTemplate(i + 1);
      i = r.next;
      prev = r.ended ? 'a' : '{';
    } else if (
      c === '/' &&
      (prev === '' ||
        BEFORE_REGEX.has(prev) ||
        KEYWORD_BEFORE_REGEX.test(
          code
            .slice(Math.max(0, i - 12), i)
            .join('')
            .trimEnd(),
        ))
    ) {
      let j = i + 1;
      let inClass = false;
      while (j < n && source[j] !== '\n') {
        const d = source[j]!;
        if (d === '\\') j++;
        else if (d === '[') inClass = true;
        else if (d === ']') inClass = false;
        else if (d === '/' && !inClass) break;
        j++;
      }
      blank(i, j + 1);
      i = j + 1;
      prev = 'a';
    } else {
      if (c === '{') depth++;
      else if (c === '}') depth--;
      if (!/\s/.test(c)) prev = c;
      i++;
    }
  }
  return { code: code.join(''), literals };
}

function lineAt(source: string, offset: number): number {
  let line = 1;
  for (let k = 0; k < offset && k < source.length; k++) if (source[k] === '\n') line++;
  return line;
}

/** SQL statements in literals and database calls in code, with their lines. */
export function findSql(source: string): { line: number; what: string }[] {
  const { code, literals } = lex(source);
  const found: { line: number; what: string }[] = [];
  for (const literal of literals) {
    for (const pattern of SQL_TEXT) {
      const match = pattern.exec(literal.text);
      if (match)
        found.push({
          line: lineAt(source, literal.start + match.index),
          what: `SQL in a literal: ${literal.text.slice(match.index, match.index + 40).replace(/\s+/g, ' ')}`,
        });
    }
  }
  for (const [pattern, what] of SQL_CALLS) {
    for (const match of code.matchAll(pattern)) found.push({ line: lineAt(source, match.index), what });
  }
  return found.sort((a, b) => a.line - b.line);
}

/** Route sources: `.ts` files that are neither tests nor test helpers (e.g. idpTestSetup.ts). */
export function isRouteSource(file: string): boolean {
  const name = path.basename(file);
  return name.endsWith('.ts') && !name.endsWith('.d.ts') && !/test/i.test(name);
}

/**
 * Route sources of a domain module (server/modules/<domain>/), which also holds its services and
 * their SQL: `*Routes.ts`/`*Route.ts` files, the module's `index.ts` and whatever sits in a
 * `routes/` folder. `file` is relative to the modules folder.
 */
export function isModuleRouteSource(file: string): boolean {
  const name = path.basename(file);
  return (
    isRouteSource(file) && (/(?:Routes?|^index)\.ts$/.test(name) || file.split(/[\\/]/).slice(0, -1).includes('routes'))
  );
}

/** Every finding under `dir` (recursively) in the files `accept` takes (path relative to `dir`), files named relative to `root`. */
export async function scanForSql(
  dir: string,
  root = dir,
  accept: (file: string) => boolean = isRouteSource,
): Promise<SqlFinding[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((e) => e.isFile() && accept(path.relative(dir, path.join(e.parentPath, e.name))))
    .map((e) => path.join(e.parentPath, e.name))
    .sort();
  const findings: SqlFinding[] = [];
  for (const file of files) {
    for (const f of findSql(await readFile(file, 'utf8'))) findings.push({ file: path.relative(root, file), ...f });
  }
  return findings;
}

export function describeFindings(findings: readonly SqlFinding[]): string {
  return findings.map((f) => `${f.file}:${f.line} ${f.what}`).join('\n');
}
