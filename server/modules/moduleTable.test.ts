import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

import { apiModules } from './index';
import { MODULE_TABLE_FILES, renderModuleTable, withModuleTable } from './moduleTable';

const root = path.resolve(import.meta.dirname, '../..');

describe('module tables of the docs', () => {
  it.each(MODULE_TABLE_FILES)(
    '%s carries the table the definitions give (npx tsx scripts/gen-docs-tables.ts)',
    (file) => {
      const text = readFileSync(path.join(root, file), 'utf8');
      expect(withModuleTable(text, renderModuleTable(apiModules), file)).toBe(text);
    },
  );

  it('names every module with its prefixes and refuses a file without markers', () => {
    const table = renderModuleTable(apiModules);
    for (const m of apiModules) expect(table).toContain(`| \`${m.id}\` |`);
    expect(table).toContain('`/globalrulesrepository-backend/`');
    expect(() => withModuleTable('no markers', table, 'x.md')).toThrow('x.md: no <!-- modules:begin -->');
  });
});
