import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

import { describeFindings, findSql, isModuleRouteSource, isRouteSource, scanForSql } from '../test/sqlInRoutes';

const modulesDir = path.dirname(fileURLToPath(import.meta.url));

describe('no SQL in route modules (routes call services; SQL lives in services and stores)', () => {
  it('server/modules/** route files (*Routes.ts, *Route.ts, index.ts, routes/) have no SQL statement, .query(, q( or db.tx(; their services may', async () => {
    const findings = await scanForSql(modulesDir, path.resolve(modulesDir, '../..'), isModuleRouteSource);
    expect(describeFindings(findings), "move these into the module's services").toBe('');
  });

  describe('the scanner', () => {
    let dir: string | null = null;
    afterAll(async () => {
      if (dir) await rm(dir, { recursive: true, force: true });
    });

    it('fails on a planted violation, naming the file and the line', async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'sql-in-routes-'));
      await mkdir(path.join(dir, 'area'));
      const planted = [
        "import type { FastifyPluginAsync } from 'fastify';",
        'export const plantedRoutes: FastifyPluginAsync = async (app) => {',
        "  app.get('/x', async (request) => {",
        "    const rows = await app.db.query('SELECT 1');",
        '    return rows;',
        '  });',
        '};',
      ].join('\n');
      await writeFile(path.join(dir, 'area', 'plantedRoutes.ts'), planted);
      await writeFile(
        path.join(dir, 'area', 'cleanRoutes.ts'),
        'export const ok = (request: { query: { page: number } }) => request.query.page;\n',
      );
      // Tests and test helpers may talk to the database directly.
      await writeFile(path.join(dir, 'area', 'planted.test.ts'), "await t.db.query('SELECT 1');\n");
      await writeFile(
        path.join(dir, 'area', 'areaTestSetup.ts'),
        "await t.db.tx((q) => q.query('DELETE FROM users'));\n",
      );
      const findings = await scanForSql(dir);
      expect(describeFindings(findings)).toBe(
        [
          `${path.join('area', 'plantedRoutes.ts')}:4 SQL in a literal: SELECT 1`,
          `${path.join('area', 'plantedRoutes.ts')}:4 database call .query(`,
        ].join('\n'),
      );
    });

    it('finds SQL in template literals on the keyword line, typed .query<T>(, q( and db.tx(', () => {
      const source = [
        'const a = await app.db.query<{ n: number }>(', // 1
        '  `SELECT count(*)::int AS n', // 2
        '     FROM users WHERE id = ${id}`,', // 3
        ');', // 4
        'await app.db.tx(async (tx) => {', // 5
        '  await tx.query(`UPDATE users SET x = ${`a`} WHERE id = $1`, [id]);', // 6
        '});', // 7
        "const rows = await q('x');", // 8
        "const text = 'INSERT INTO sessions (id) VALUES ($1)';", // 9
        'const del = "DELETE FROM used_nonces";', // 10
      ].join('\n');
      expect(findSql(source).map((f) => `${f.line} ${f.what.split(':')[0]}`)).toEqual([
        '1 database call .query(',
        '2 SQL in a literal',
        '5 transaction db.tx(',
        '6 SQL in a literal',
        '6 database call .query(',
        '8 database call q(',
        '9 SQL in a literal',
        '10 SQL in a literal',
      ]);
    });

    it('ignores comments, request.query, HTTP method names and regular expressions holding quotes', () => {
      const source = [
        '// SELECT * FROM users: the old way, now in services/users.ts',
        '/* app.db.query(`DELETE FROM users`) */',
        'const { page } = request.query;',
        "const method = 'DELETE';",
        'const escape = (s: string) => s.replace(/[&<>"\']/g, (c) => c);',
        "const half = total / 2; const label = 'UPDATE';",
        'const t = `${a ? `x` : "y"} done`;',
        'const freq = q2(1);',
      ].join('\n');
      expect(findSql(source)).toEqual([]);
    });

    it('treats *.test.ts files and test helpers as outside the rule', () => {
      expect(['loginRoutes.ts', 'idpTestSetup.ts', 'mfa.test.ts', 'types.d.ts'].filter(isRouteSource)).toEqual([
        'loginRoutes.ts',
      ]);
    });

    it('takes only the route files of a module and its index, not the services beside them', () => {
      const files = [
        'gluon/routes/deviceRoutes.ts',
        'gluon/routes/streamedUpload.ts',
        'gluon/collector/quickDownloadRoute.ts',
        'gluon/services/devices.ts',
        'gluon/index.ts',
        'gluon/routes/gluonJourney.test.ts',
        'auth/signIn.ts',
        'notifications/unsubscribeRoute.ts',
      ];
      expect(files.filter(isModuleRouteSource)).toEqual([
        'gluon/routes/deviceRoutes.ts',
        'gluon/routes/streamedUpload.ts',
        'gluon/collector/quickDownloadRoute.ts',
        'gluon/index.ts',
        'notifications/unsubscribeRoute.ts',
      ]);
    });
  });
});
