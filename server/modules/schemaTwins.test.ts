import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

/**
 * A hand-written type with the same fields as a route schema is a twin of it: the two drift apart
 * silently (a field added to the schema, answered, but missing from what the service types). The
 * name-based check (namedSchemas.test.ts) catches a twin that carries the schema's title; this one
 * compares shapes, so it also catches a twin under another name (`ScimTokenStatus` beside an
 * anonymous `statusSchema`). Derive the type instead: `export type X = FromSchema<typeof xSchema>`.
 */

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

export interface Shape {
  file: string;
  name: string;
  fields: ReadonlySet<string>;
}

const unwrap = (node: ts.Expression): ts.Expression => {
  let e = node;
  while (ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isParenthesizedExpression(e)) e = e.expression;
  return e;
};

const keyOf = (name: ts.PropertyName, source: ts.SourceFile): string =>
  name.getText(source).replace(/^['"]|['"]$/g, '');

/**
 * The exported object types (`export interface X {…}`, `export type X = {…}`) and the schemas
 * (an object literal with `properties`, gluon's `obj({…})`, a `…Properties` constant) of one file,
 * each with its field names. Spreads of constants of the same file are followed.
 */
export function shapesOf(file: string, text: string): { types: Shape[]; schemas: Shape[] } {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const constants = new Map<string, ts.Expression>();
  const collect = (node: ts.Node): void => {
    if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer)
      constants.set(node.name.text, node.initializer);
    ts.forEachChild(node, collect);
  };
  collect(source);

  const fieldsOf = (node: ts.Expression, depth = 0): string[] | null => {
    let e = unwrap(node);
    if (ts.isIdentifier(e) && depth < 5) {
      const value = constants.get(e.text);
      return value ? fieldsOf(value, depth + 1) : null;
    }
    if (ts.isCallExpression(e) && e.arguments.length > 0) e = unwrap(e.arguments[e.arguments.length - 1]!);
    if (!ts.isObjectLiteralExpression(e)) return null;
    const keys: string[] = [];
    for (const p of e.properties) {
      if (ts.isSpreadAssignment(p)) {
        const spread = fieldsOf(p.expression, depth + 1);
        if (!spread) return null;
        keys.push(...spread);
      } else if (p.name) keys.push(keyOf(p.name, source));
    }
    return keys;
  };

  const nameAt = (node: ts.Node): string => {
    for (let q: ts.Node | undefined = node.parent; q; q = q.parent)
      if (ts.isVariableDeclaration(q) || ts.isPropertyAssignment(q)) return q.name.getText(source);
    return '(anonymous)';
  };

  const types: Shape[] = [];
  const schemas: Shape[] = [];
  const addSchema = (node: ts.Node, fields: string[] | null) => {
    if (fields) schemas.push({ file, name: nameAt(node), fields: new Set(fields) });
  };
  const visit = (node: ts.Node): void => {
    if (ts.isObjectLiteralExpression(node)) {
      const properties = node.properties.find(
        (p): p is ts.PropertyAssignment => ts.isPropertyAssignment(p) && keyOf(p.name, source) === 'properties',
      );
      if (properties) addSchema(node, fieldsOf(properties.initializer));
    }
    if (
      ts.isCallExpression(node) &&
      ts.isIdentifier(node.expression) &&
      node.expression.text === 'obj' &&
      node.arguments[0]
    )
      addSchema(node, fieldsOf(node.arguments[0]));
    if (
      ts.isVariableDeclaration(node) &&
      ts.isIdentifier(node.name) &&
      /Properties$/.test(node.name.text) &&
      node.initializer
    )
      schemas.push({ file, name: node.name.text, fields: new Set(fieldsOf(node.initializer) ?? []) });

    const exported =
      ts.canHaveModifiers(node) && ts.getModifiers(node)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    const members = (list: ts.NodeArray<ts.TypeElement>) =>
      new Set(list.flatMap((m) => (m.name ? [keyOf(m.name, source)] : [])));
    if (exported && ts.isInterfaceDeclaration(node))
      types.push({ file, name: node.name.text, fields: members(node.members) });
    if (exported && ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type))
      types.push({ file, name: node.name.text, fields: members(node.type.members) });
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { types, schemas };
}

const sameFields = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((k) => b.has(k));

/** `file: Type` for each exported type with two or more fields that has exactly a schema's fields. */
export function findShapeTwins(files: ReadonlyArray<{ file: string; text: string }>): string[] {
  const shapes = files.map(({ file, text }) => shapesOf(file, text));
  const schemas = shapes.flatMap((s) => s.schemas);
  return shapes
    .flatMap((s) => s.types)
    .filter((t) => t.fields.size >= 2 && schemas.some((s) => sameFields(s.fields, t.fields)))
    .map((t) => `${t.file}: ${t.name}`);
}

function serverSources(): Array<{ file: string; text: string }> {
  return readdirSync(serverDir, { recursive: true, withFileTypes: true })
    .filter((e) => e.isFile() && /\.ts$/.test(e.name) && !/\.(test|d)\.ts$/.test(e.name))
    .map((e) => path.join(e.parentPath, e.name))
    .map((full) => ({
      file: path.relative(serverDir, full).split(path.sep).join('/'),
      text: readFileSync(full, 'utf8'),
    }));
}

/**
 * The twins left, each with why it stays for now. A listed twin that is gone fails the test
 * (take it off), so the list only shrinks; a new twin fails it too.
 */
const REMAINING: ReadonlyArray<{ twins: readonly string[]; reason: string }> = [
  {
    twins: ['services/listQuery.ts: PageQuery'],
    reason:
      'shared code below the modules: the schema it mirrors (users/userSchemas.ts) is a module’s, which it may not import; the schema moves down next to the type',
  },
  {
    twins: ['modules/auth/passkeys.ts: PasskeyView'],
    reason: 'passkeyRoutes.ts declares the schema inline; to name it in auth and derive the type',
  },
  {
    twins: [
      'modules/gluon/collector/collectorLinks.ts: CollectorUserData',
      'modules/gluon/collector/collectorLinks.ts: LinkPageQuery',
    ],
    reason: "the collector's body and list query are inline in its route files; to name and derive",
  },
  {
    twins: [
      'modules/gluon/services/fleetActivity.ts: DayCount',
      'modules/monitoring/services/silences.ts: SilenceInput',
    ],
    reason: "monitoring's schemas (MonitoringOverview, the silence body) are being reworked beside this",
  },
  {
    twins: ['modules/inspection/stixBundle.ts: UnsupportedIndicator', 'modules/inspection/types.ts: FamilyReference'],
    reason:
      "the inspection engine's own types, which the products' answer schemas (gluon, neutrino, electron) copy: the engine would own the schemas and the products reuse them, as it does for a Mac's report (aftermath/macSchemas.ts)",
  },
];

describe('no hand-written type has the same fields as a route schema', () => {
  it('finds a twin by its fields whatever its name, and lets a derived or a different type pass', () => {
    const twins = findShapeTwins([
      {
        file: 'routes.ts',
        text: [
          "const statusSchema = { type: 'object', properties: { configured: bool, createdAt: nstr }, required: [] } as const;",
          'const fields = { a: str, b: str } as const;',
          "export const pairSchema = named('Pair', { type: 'object', properties: { ...fields } } as const);",
          'export const gluonish = named("G", obj({ x: int, y: int }));',
        ].join('\n'),
      },
      {
        file: 'service.ts',
        text: [
          'export interface TokenStatus {\n  configured: boolean;\n  createdAt: string | null;\n}',
          'export type Pair = { a: string; b: string };',
          'export interface Point { x: number; y: number }',
          'export type Derived = FromSchema<typeof pairSchema>;',
          'export interface Wider { configured: boolean; createdAt: string | null; extra: number }',
          'interface Local { a: string; b: string }',
        ].join('\n'),
      },
    ]);
    expect(twins).toEqual(['service.ts: TokenStatus', 'service.ts: Pair', 'service.ts: Point']);
  });

  it('the server has no twin beyond the listed ones, and each listed one is still a twin', () => {
    const twins = findShapeTwins(serverSources());
    const listed = REMAINING.flatMap((r) => r.twins);
    expect(
      twins.filter((t) => !listed.includes(t)),
      'derive these from their schema (export type X = FromSchema<typeof xSchema>) and delete the copy',
    ).toEqual([]);
    expect(
      listed.filter((t) => !twins.includes(t)),
      'no longer twins: take them off REMAINING',
    ).toEqual([]);
  });
});
