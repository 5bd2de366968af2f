import type { ModuleDefinition } from './defineModule';

export const MODULES_BEGIN = '<!-- modules:begin -->';
export const MODULES_END = '<!-- modules:end -->';

/** The docs' module table, from the definitions (scripts/gen-docs-tables.ts writes it between the markers). */
export function renderModuleTable(modules: readonly ModuleDefinition[]): string {
  const code = (items: readonly string[]) => (items.length ? items.map((item) => `\`${item}\``).join(', ') : '—');
  const rows = modules.map(
    (m) =>
      `| \`${m.id}\` | ${m.prefixes.length ? code(m.prefixes) : 'no routes (library)'} | ${code(m.dependsOn)} | ${m.description} |`,
  );
  return ['| Module | Answers under | Depends on | What it holds |', '|---|---|---|---|', ...rows].join('\n');
}

/** `text` with the table between its markers replaced; throws when the markers are missing. */
export function withModuleTable(text: string, table: string, file: string): string {
  const begin = text.indexOf(MODULES_BEGIN);
  const end = text.indexOf(MODULES_END);
  if (begin < 0 || end < begin) throw new Error(`${file}: no ${MODULES_BEGIN} … ${MODULES_END} markers`);
  return `${text.slice(0, begin + MODULES_BEGIN.length)}\n${table}\n${text.slice(end)}`;
}

/** The files that carry the module table, relative to the repository root. */
export const MODULE_TABLE_FILES = ['README.md', 'server/ARCHITECTURE.md', 'server/modules/README.md'];
