import { type messages, type PGlite, protocol } from '@electric-sql/pglite';

/**
 * Named prepared statements on PGlite, for the hottest statements (sign-in, refresh, the
 * session check). PGlite's `query` sends Parse, Describe, Bind, Describe, Execute and Sync as six
 * calls into the WebAssembly backend and parses, analyses and plans the SQL on every call; for
 * the refresh statement that was about four fifths of its CPU time (server/ARCHITECTURE.md,
 * "Benchmark"). Here the statement is parsed once per database (Parse + Describe, which also
 * gives the parameter types), and each call is one message buffer built in one allocation: Bind,
 * Describe portal, Execute, Sync. The answer is read here (row description, data rows, error)
 * rather than by PGlite's general protocol parser; values still go through PGlite's own
 * serializers and type parsers, so rows look exactly as `query` returns them, and an error is
 * PGlite's DatabaseError. PostgreSQL re-plans a prepared statement by itself when a table it uses
 * changes.
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
  return message(
    'D',
    new Body()
      .bytes(new Uint8Array([kind.charCodeAt(0)]))
      .cstring(name)
      .done(),
  );
}

/** Describe portal, Execute (all rows), Sync: the same after every Bind. */
const EXECUTE_AND_SYNC = concat([describe('P', ''), message('E', new Body().cstring('').int32(0).done()), sync()]);

/**
 * One call of a prepared statement, in one allocation: Bind to the unnamed portal (every
 * parameter and every result column in text format), then EXECUTE_AND_SYNC.
 */
function call(statement: Uint8Array, values: (string | null)[]): Uint8Array {
  const encoded = values.map((v) => (v === null ? null : encoder.encode(v)));
  const bodyLength = 1 + statement.length + 1 + 2 + 2 + encoded.reduce((n, v) => n + 4 + (v?.length ?? 0), 0) + 2;
  const out = new Uint8Array(5 + bodyLength + EXECUTE_AND_SYNC.length);
  const view = new DataView(out.buffer);
  out[0] = 0x42; // 'B'
  view.setInt32(1, 4 + bodyLength);
  let at = 6; // after the portal name '' (a lone NUL at 5)
  out.set(statement, at);
  at += statement.length + 1; // and its NUL
  view.setInt16(at, 0); // parameter formats: none given, so all text
  view.setInt16(at + 2, encoded.length);
  at += 4;
  for (const v of encoded) {
    view.setInt32(at, v === null ? -1 : v.length);
    at += 4;
    if (v) {
      out.set(v, at);
      at += v.length;
    }
  }
  view.setInt16(at, 0); // result formats: none given, so all text
  out.set(EXECUTE_AND_SYNC, at + 2);
  return out;
}

const decoder = new TextDecoder();

interface Statement {
  sql: string;
  /** The statement's name, encoded once. */
  name: Uint8Array;
  paramTypes: number[];
}

interface Field {
  name: string;
  dataTypeID: number;
}

/** A backend message in an answer: its type byte and where its body starts. */
interface RawMessage {
  type: number;
  start: number;
}

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'

/** RowDescription: per column its name (C string) and type OID; the other attributes are not needed. */
function rowDescription(data: Uint8Array, view: DataView, m: RawMessage): Field[] {
  const fields: Field[] = [];
  let at = m.start + 2;
  for (let n = view.getInt16(m.start); n > 0; n--) {
    const nul = data.indexOf(0, at);
    const name = decoder.decode(data.subarray(at, nul));
    at = nul + 1 + 4 + 2; // table OID, column number
    fields.push({ name, dataTypeID: view.getInt32(at) });
    at += 4 + 2 + 4 + 2; // type OID, type size, type modifier, format
  }
  return fields;
}

/** DataRow: per column an int32 length (-1: NULL) and the value in text format. */
function dataRow(data: Uint8Array, view: DataView, m: RawMessage): (string | null)[] {
  const values: (string | null)[] = [];
  let at = m.start + 2;
  for (let n = view.getInt16(m.start); n > 0; n--) {
    const length = view.getInt32(at);
    at += 4;
    if (length < 0) values.push(null);
    else {
      values.push(decoder.decode(data.subarray(at, at + length)));
      at += length;
    }
  }
  return values;
}

/** The DatabaseError PGlite's own `query` would throw for this answer (PGlite's protocol parser). */
function databaseError(data: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(data, (message) => {
    if (message.name === 'error') error ??= message as unknown as Error;
  });
  return error ?? new Error('PGlite answered a prepared statement with an error it did not describe');
}

/**
 * A runner for named statements on one PGlite instance. The caller serialises calls with its
 * other queries (db/pglite.ts runs it in the database's queue, outside any transaction).
 */
export function createPglitePrepared(
  pglite: PGlite,
): <T>(name: string, sql: string, params: readonly unknown[]) => Promise<T[]> {
  const statements = new Map<string, Statement>();

  async function prepare(name: string, sql: string): Promise<Statement> {
    const { messages } = await pglite.execProtocol(concat([parse(name, sql), describe('S', name), sync()]));
    const description = messages.find(
      (m): m is messages.ParameterDescriptionMessage => m.name === 'parameterDescription',
    );
    const statement = { sql, name: encoder.encode(name), paramTypes: description?.dataTypeIDs ?? [] };
    statements.set(name, statement);
    return statement;
  }

  /**
   * One call: the raw answer, read here. PGlite's execProtocol would also run every answer
   * through its general protocol parser and, after each call, through its file-system sync
   * (a no-op for the node and memory file systems this server uses, behind a mutex): together
   * about as much CPU as the statement itself on the refresh path (ARCHITECTURE.md, "Fifth pass").
   */
  async function run(message: Uint8Array): Promise<Uint8Array> {
    const chunks: Uint8Array[] = [];
    // The callback sees PGlite's WebAssembly memory, which the next call reuses: copy.
    await pglite.execProtocolRawStream(message, {
      syncToFs: false,
      onRawData: (bytes) => void chunks.push(bytes.slice()),
    });
    return chunks.length === 1 ? chunks[0]! : concat(chunks);
  }

  return async <T>(name: string, sql: string, params: readonly unknown[]): Promise<T[]> => {
    const statement = statements.get(name) ?? (await prepare(name, sql));
    // One name, one text: a second text under the same name would silently run the first.
    if (statement.sql !== sql) throw new Error(`prepared statement "${name}" was already prepared with another text`);
    const values = params.map((value, i) => {
      if (value === null || value === undefined) return null;
      const serializer = pglite.serializers[statement.paramTypes[i]!];
      return serializer ? serializer(value) : String(value);
    });
    const data = await run(call(statement.name, values));
    const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
    let fields: Field[] = [];
    const rows: T[] = [];
    // Each backend message: type byte, int32 length (itself included), body.
    for (let at = 0; at + 5 <= data.length;) {
      const m: RawMessage = { type: data[at]!, start: at + 5 };
      at += 1 + view.getInt32(at + 1);
      if (m.type === ERROR_RESPONSE) throw databaseError(data);
      if (m.type === ROW_DESCRIPTION) fields = rowDescription(data, view, m);
      else if (m.type === DATA_ROW) {
        const row: Record<string, unknown> = {};
        dataRow(data, view, m).forEach((raw, i) => {
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
