import type { PGlite } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite, for the hottest statements (the refresh's session check).
 * PGlite's `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six calls into the
 * WebAssembly backend and parses, analyses and plans the SQL on every call; for the refresh
 * statement that is about four fifths of its CPU time (server/ARCHITECTURE.md, "Benchmark").
 * Here the statement is parsed once per database (Parse + Describe, which also gives the
 * parameter types), and each call is one message buffer: Bind, Describe portal, Execute, Sync.
 * Parameters and results go through PGlite's own serializers and parsers, so rows look exactly
 * as `query` returns them. PostgreSQL re-plans a prepared statement by itself when a table it
 * uses changes.
 */

const encoder = new TextEncoder();

/** One frontend message: type byte, int32 length (itself included), body. */
function message(type: string, body: Uint8Array): Uint8Array {
  const out = new Uint8Array(5 + body.length);
  out[0] = type.charCodeAt(0);
  new DataView(out.buffer).setInt32(1, 4 + body.length);
  out.set(body, 5);
  return out;
}

/** Builds a message body from C strings, int16s, int32s and raw bytes. */
class Body {
  private parts: Uint8Array[] = [];
  cstring(s: string): this {
    this.parts.push(encoder.encode(s), new Uint8Array([0]));
    return this;
  }
  int16(n: number): this {
    const b = new Uint8Array(2);
    new DataView(b.buffer).setInt16(0, n);
    this.parts.push(b);
    return this;
  }
  int32(n: number): this {
    const b = new Uint8Array(4);
    new DataView(b.buffer).setInt32(0, n);
    this.parts.push(b);
    return this;
  }
  bytes(b: Uint8Array): this {
    this.parts.push(b);
    return this;
  }
  done(): Uint8Array {
    return concat(this.parts);
  }
}

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const p of parts) {
    out.set(p, offset);
    offset += p.length;
  }
  return out;
}

const sync = () => message('S', new Uint8Array(0));

function parse(name: string, sql: string): Uint8Array {
  return message('P', new Body().cstring(name).cstring(sql).int16(0).done());
}

/** Describe a statement ('S') or the unnamed portal ('P'). */
function describe(kind: 'S' | 'P', name: string): Uint8Array {
  return message('D', new Body().bytes(new Uint8Array([kind.charCodeAt(0)])).cstring(name).done());
}

/** Bind to the unnamed portal: every parameter and every result column in text format. */
function bind(statement: string, values: (string | null)[]): Uint8Array {
  const body = new Body().cstring('').cstring(statement).int16(0).int16(values.length);
  for (const v of values) {
    if (v === null) body.int32(-1);
    else {
      const bytes = encoder.encode(v);
      body.int32(bytes.length).bytes(bytes);
    }
  }
  return message('B', body.int16(0).done());
}

const execute = () => message('E', new Body().cstring('').int32(0).done());

interface Field {
  name: string;
  dataTypeID: number;
}
type Message =
  | { name: 'parameterDescription'; dataTypeIDs: number[] }
  | { name: 'rowDescription'; fields: Field[] }
  | { name: 'dataRow'; fields: (string | null)[] }
  | { name: string };

/**
 * A runner for named statements on one PGlite instance. The caller serialises calls with its
 * other queries (db/pglite.ts runs it in the database's queue, outside any transaction).
 */
export function createPglitePrepared(pglite: PGlite): <T>(name: string, sql: string, params: readonly unknown[]) => Promise<T[]> {
  const statements = new Map<string, { sql: string; paramTypes: number[] }>();

  async function prepare(name: string, sql: string): Promise<number[]> {
    const known = statements.get(name);
    if (known) {
      // One name, one text: a second text under the same name would silently run the first.
      if (known.sql !== sql) throw new Error(`prepared statement "${name}" was already prepared with another text`);
      return known.paramTypes;
    }
    const { messages } = await pglite.execProtocol(concat([parse(name, sql), describe('S', name), sync()]));
    const description = (messages as Message[]).find((m): m is Extract<Message, { name: 'parameterDescription' }> => m.name === 'parameterDescription');
    const paramTypes = description?.dataTypeIDs ?? [];
    statements.set(name, { sql, paramTypes });
    return paramTypes;
  }

  return async <T>(name: string, sql: string, params: readonly unknown[]): Promise<T[]> => {
    const paramTypes = await prepare(name, sql);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const { messages } = await pglite.execProtocol(concat([bind(name, values), describe('P', ''), execute(), sync()]));
    let fields: Field[] = [];
    const rows: T[] = [];
    for (const m of messages as Message[]) {
      if (m.name === 'rowDescription' && 'fields' in m) fields = m.fields as Field[];
      else if (m.name === 'dataRow' && 'fields' in m) {
        const row: Record<string, unknown> = {};
        (m.fields as (string | null)[]).forEach((raw, i) => {
          const field = fields[i]!;
          const parser = pglite.parsers[field.dataTypeID];
          row[field.name] = raw === null ? null : parser ? parser(raw, field.dataTypeID) : raw;
        });
        rows.push(row as T);
      }
    }
    return rows;
  };
}
