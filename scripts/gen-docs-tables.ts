// Writes the module table of README.md, server/ARCHITECTURE.md and server/modules/README.md from
// the module definitions (server/modules/index.ts), between <!-- modules:begin --> and
// <!-- modules:end -->. `--check` only compares and fails on a drift (server/modules/moduleTable.test.ts runs the same comparison).
//
//   npx tsx scripts/gen-docs-tables.ts [--check]
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { apiModules } from '../server/modules/index';
import { MODULE_TABLE_FILES, renderModuleTable, withModuleTable } from '../server/modules/moduleTable';

const root = path.join(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
const table = renderModuleTable(apiModules);
let stale = 0;
for (const file of MODULE_TABLE_FILES) {
  const full = path.join(root, file);
  const text = readFileSync(full, 'utf8');
  const next = withModuleTable(text, table, file);
  if (next === text) continue;
  if (check) {
    console.error(`${file}: the module table differs from the definitions (npx tsx scripts/gen-docs-tables.ts)`);
    stale++;
  } else {
    writeFileSync(full, next);
    console.log(`${file}: module table written`);
  }
}
if (stale) process.exit(1);
