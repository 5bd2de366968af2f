import { ScimError } from './scimError';

/**
 * RFC 7644 §3.4.2.2 filters: a parser to an expression tree and its evaluation on a resource.
 * Attribute names compare without case, as the RFC says and as clients send them
 * (`DisplayName`, `name.FamilyName`); values may be bare words (`sw O`), as Microsoft's test
 * collection sends them.
 */

export type CompareOp = 'eq' | 'ne' | 'co' | 'sw' | 'ew' | 'gt' | 'ge' | 'lt' | 'le';
export type ScimValue = string | number | boolean | null;

export type Filter =
  | { kind: 'and' | 'or'; left: Filter; right: Filter }
  | { kind: 'not'; filter: Filter }
  | { kind: 'present'; path: string }
  | { kind: 'compare'; path: string; op: CompareOp; value: ScimValue }
  | { kind: 'valuePath'; path: string; filter: Filter };

const OPS = new Set<string>(['eq', 'ne', 'co', 'sw', 'ew', 'gt', 'ge', 'lt', 'le']);

export function parseFilter(text: string): Filter {
  let pos = 0;
  const fail = (why: string): never => {
    throw new ScimError(400, `The filter is not valid: ${why} (at character ${pos + 1}).`, 'invalidFilter');
  };
  const skip = () => {
    while (pos < text.length && /\s/.test(text[pos]!)) pos++;
  };
  const word = (): string => {
    skip();
    const m = /^[^\s()[\]"]+/.exec(text.slice(pos));
    if (!m) return '';
    return m[0];
  };
  const take = (expected: string): boolean => {
    const w = word();
    if (w.toLowerCase() !== expected) return false;
    pos += w.length;
    return true;
  };
  const char = (c: string): boolean => {
    skip();
    if (text[pos] !== c) return false;
    pos++;
    return true;
  };
  const value = (): ScimValue => {
    skip();
    if (text[pos] === '"') {
      let end = pos + 1;
      while (end < text.length && text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      if (end >= text.length) fail('a string is not closed');
      const raw = text.slice(pos, end + 1);
      pos = end + 1;
      try {
        return JSON.parse(raw) as string;
      } catch {
        return fail('a string is not valid');
      }
    }
    const w = word();
    if (!w) fail('a value is missing');
    pos += w.length;
    const lower = w.toLowerCase();
    if (lower === 'true') return true;
    if (lower === 'false') return false;
    if (lower === 'null') return null;
    if (/^-?\d+(\.\d+)?$/.test(w)) return Number(w);
    return w;
  };
  const attribute = (): Filter => {
    const path = word();
    if (!path || !/^[A-Za-z$][\w$:.-]*$/.test(path)) fail('an attribute name is expected');
    pos += path.length;
    if (char('[')) {
      const inner = or();
      if (!char(']')) fail("']' is expected");
      return { kind: 'valuePath', path, filter: inner };
    }
    const op = word().toLowerCase();
    if (op === 'pr') {
      pos += 2;
      return { kind: 'present', path };
    }
    if (!OPS.has(op)) fail(`'${op || 'end'}' is not an operator`);
    pos += op.length;
    return { kind: 'compare', path, op: op as CompareOp, value: value() };
  };
  const unary = (): Filter => {
    const save = pos;
    if (take('not')) {
      if (char('(')) {
        const inner = or();
        if (!char(')')) fail("')' is expected");
        return { kind: 'not', filter: inner };
      }
      pos = save;
    }
    if (char('(')) {
      const inner = or();
      if (!char(')')) fail("')' is expected");
      return inner;
    }
    return attribute();
  };
  const and = (): Filter => {
    let left = unary();
    while (take('and')) left = { kind: 'and', left, right: unary() };
    return left;
  };
  const or = (): Filter => {
    let left = and();
    while (take('or')) left = { kind: 'or', left, right: and() };
    return left;
  };
  const filter = or();
  skip();
  if (pos < text.length) fail('unexpected text');
  return filter;
}

const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:user';
const CORE_PREFIXES = ['urn:ietf:params:scim:schemas:core:2.0:user:', 'urn:ietf:params:scim:schemas:core:2.0:group:'];

/** A path's segments, schema URN prefix resolved: `urn:…:enterprise:2.0:User:manager.value` → [urn, manager, value]. */
export function pathSegments(path: string): string[] {
  const lower = path.toLowerCase();
  for (const prefix of CORE_PREFIXES) if (lower.startsWith(prefix)) return path.slice(prefix.length).split('.');
  if (lower.startsWith(ENTERPRISE + ':'))
    return [
      ENTERPRISE,
      ...path
        .slice(ENTERPRISE.length + 1)
        .split('.')
        .filter(Boolean),
    ];
  return path.split('.');
}

/** The property of `object` named `name`, whatever its case. */
export function propertyOf(object: Record<string, unknown>, name: string): unknown {
  if (name in object) return object[name];
  const lower = name.toLowerCase();
  for (const key of Object.keys(object)) if (key.toLowerCase() === lower) return object[key];
  return undefined;
}

/** Every value at the path, multi-valued attributes flattened. */
export function valuesAt(resource: unknown, segments: readonly string[]): unknown[] {
  let current: unknown[] = [resource];
  for (const segment of segments) {
    const next: unknown[] = [];
    for (const item of current) {
      if (Array.isArray(item)) {
        for (const element of item)
          if (element && typeof element === 'object')
            next.push(propertyOf(element as Record<string, unknown>, segment));
      } else if (item && typeof item === 'object') next.push(propertyOf(item as Record<string, unknown>, segment));
    }
    current = next.flatMap((v) => (Array.isArray(v) ? v : [v])).filter((v) => v !== undefined && v !== null);
  }
  return current;
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}T/;

function compare(actual: unknown, op: CompareOp, expected: ScimValue): boolean {
  if (actual && typeof actual === 'object' && 'value' in actual) actual = (actual as { value: unknown }).value;
  if (expected === null) return op === 'eq' ? actual === null : op === 'ne' ? actual !== null : false;
  if (typeof expected === 'boolean') {
    const a = typeof actual === 'string' ? actual.toLowerCase() === 'true' : actual;
    return op === 'eq' ? a === expected : op === 'ne' ? a !== expected : false;
  }
  if (typeof actual === 'string' && typeof expected === 'string' && ISO_DATE.test(actual) && ISO_DATE.test(expected)) {
    const a = Date.parse(actual);
    const e = Date.parse(expected);
    if (!Number.isNaN(a) && !Number.isNaN(e)) return order(a, op, e);
  }
  if (typeof actual === 'number' && typeof expected === 'number') return order(actual, op, expected);
  const a = String(actual).toLowerCase();
  const e = String(expected).toLowerCase();
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'co':
      return a.includes(e);
    case 'sw':
      return a.startsWith(e);
    case 'ew':
      return a.endsWith(e);
    default:
      return order(a, op, e);
  }
}

function order<T extends number | string>(a: T, op: CompareOp, e: T): boolean {
  switch (op) {
    case 'eq':
      return a === e;
    case 'ne':
      return a !== e;
    case 'gt':
      return a > e;
    case 'ge':
      return a >= e;
    case 'lt':
      return a < e;
    case 'le':
      return a <= e;
    default:
      return false;
  }
}

/** Whether the resource (as answered, with id and meta) matches the filter. */
export function matches(filter: Filter, resource: unknown): boolean {
  switch (filter.kind) {
    case 'and':
      return matches(filter.left, resource) && matches(filter.right, resource);
    case 'or':
      return matches(filter.left, resource) || matches(filter.right, resource);
    case 'not':
      return !matches(filter.filter, resource);
    case 'present':
      return valuesAt(resource, pathSegments(filter.path)).some((v) => v !== '' && !(Array.isArray(v) && !v.length));
    case 'compare': {
      const values = valuesAt(resource, pathSegments(filter.path));
      if (filter.op === 'ne') return values.every((v) => compare(v, 'ne', filter.value));
      return values.some((v) => compare(v, filter.op, filter.value));
    }
    case 'valuePath':
      return valuesAt(resource, pathSegments(filter.path)).some((element) => matches(filter.filter, element));
  }
}

/** `userName eq "x"` (alone or in an `and`) lets the store look the user up by its index instead of reading the tenant's users. */
export function equalityOn(filter: Filter, attribute: string): string | null {
  if (filter.kind === 'compare' && filter.op === 'eq' && filter.path.toLowerCase() === attribute.toLowerCase())
    return typeof filter.value === 'string' ? filter.value : null;
  if (filter.kind === 'and') return equalityOn(filter.left, attribute) ?? equalityOn(filter.right, attribute);
  return null;
}
