// The folder convention of docs/conventions.md, as checks over a tree: tests/pluginLayout.test.ts runs them on the
// repository, tests/newPlugin.test.ts on what the scaffold writes. Each problem is one line naming the path.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const PASCAL = /^[A-Z][A-Za-z0-9]*$/;
/** What pages/ may hold: pages, their tests and their styles. */
const PAGE_FILE = /(Page\.tsx|\.test\.tsx|\.css)$/;

const isDir = (file) => existsSync(file) && statSync(file).isDirectory();
const list = (dir) => (isDir(dir) ? readdirSync(dir).sort() : []);

function walk(dir, files = []) {
  for (const name of list(dir)) {
    const full = path.join(dir, name);
    if (isDir(full)) walk(full, files);
    else if (/\.tsx?$/.test(name)) files.push(full);
  }
  return files;
}

/** Problems with plugins/<id>/: its manifest, components/ (one PascalCase folder per component) and pages/. */
export function pluginLayoutProblems(root) {
  const problems = [];
  for (const id of list(path.join(root, 'plugins'))) {
    const dir = path.join(root, 'plugins', id);
    if (!isDir(dir)) continue;
    if (!existsSync(path.join(dir, 'index.ts'))) problems.push(`plugins/${id}: no index.ts (the manifest)`);
    for (const name of list(path.join(dir, 'components'))) {
      const rel = `plugins/${id}/components/${name}`;
      const full = path.join(dir, 'components', name);
      if (!isDir(full)) {
        problems.push(`${rel}: loose file; a component is a folder components/<Name>/<Name>.tsx`);
        continue;
      }
      if (!PASCAL.test(name)) problems.push(`${rel}: component folders are named in PascalCase`);
      const entries = [`${name}.tsx`, `${name}.ts`, 'index.ts'];
      if (!entries.some((file) => existsSync(path.join(full, file))))
        problems.push(`${rel}: no ${name}.tsx (or index.ts for a family of components) in it`);
    }
    for (const name of list(path.join(dir, 'pages'))) {
      const full = path.join(dir, 'pages', name);
      if (isDir(full)) problems.push(`plugins/${id}/pages/${name}: pages/ holds no folders`);
      else if (!PAGE_FILE.test(name))
        problems.push(`plugins/${id}/pages/${name}: pages/ holds <Name>Page.tsx, tests and styles only`);
    }
  }
  return problems;
}

/** The other modules a server module's files import (relative specifiers resolved into server/modules/<id>/). */
function importedModules(modulesDir, id) {
  const imported = new Set();
  for (const file of walk(path.join(modulesDir, id))) {
    for (const [, spec] of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*\(?\s*['"](\.[^'"]+)['"]/g)) {
      const rel = path.relative(modulesDir, path.resolve(path.dirname(file), spec)).split(path.sep);
      if (rel[0] !== '..' && rel.length > 1 && rel[0] !== id) imported.add(rel[0]);
    }
  }
  return imported;
}

/** Problems with server/modules/<id>/: index.ts with defineModule, public.ts when imported, schemas.ts with routes/. */
export function serverModuleProblems(root) {
  const modulesDir = path.join(root, 'server', 'modules');
  const ids = list(modulesDir).filter((id) => isDir(path.join(modulesDir, id)));
  const problems = [];
  const importedBy = new Map(ids.map((id) => [id, []]));
  for (const id of ids) for (const other of importedModules(modulesDir, id)) importedBy.get(other)?.push(id);
  for (const id of ids) {
    const dir = path.join(modulesDir, id);
    const index = path.join(dir, 'index.ts');
    if (!existsSync(index) || !/\bdefineModule\(\{/.test(readFileSync(index, 'utf8')))
      problems.push(`server/modules/${id}: index.ts must export defineModule({...})`);
    const users = importedBy.get(id);
    if (users.length && !existsSync(path.join(dir, 'public.ts')))
      problems.push(`server/modules/${id}: imported by ${users.join(', ')} but has no public.ts`);
    if (isDir(path.join(dir, 'routes')) && !existsSync(path.join(dir, 'schemas.ts')))
      problems.push(`server/modules/${id}: routes/ without schemas.ts (the named schemas of its routes)`);
  }
  return problems;
}
