import { ScimError } from './scimError';
import { type Filter, matches, parseFilter, pathSegments, propertyOf } from './scimFilter';

export const USER_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const GROUP_SCHEMA = 'urn:ietf:params:scim:schemas:core:2.0:Group';
export const ENTERPRISE_SCHEMA = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const LIST_RESPONSE = 'urn:ietf:params:scim:api:messages:2.0:ListResponse';

export type Json = Record<string, unknown>;

/** Attribute names of RFC 7643's User, Group and enterprise User, in their canonical spelling. */
const NAMES = [
  'userName',
  'name',
  'formatted',
  'familyName',
  'givenName',
  'middleName',
  'honorificPrefix',
  'honorificSuffix',
  'displayName',
  'nickName',
  'profileUrl',
  'title',
  'userType',
  'preferredLanguage',
  'locale',
  'timezone',
  'active',
  'emails',
  'value',
  'display',
  'type',
  'primary',
  'phoneNumbers',
  'ims',
  'photos',
  'addresses',
  'streetAddress',
  'locality',
  'region',
  'postalCode',
  'country',
  'entitlements',
  'roles',
  'x509Certificates',
  'externalId',
  'employeeNumber',
  'costCenter',
  'organization',
  'division',
  'department',
  'manager',
  '$ref',
  'members',
];
const CANONICAL = new Map(NAMES.map((n) => [n.toLowerCase(), n]));
const MULTI_VALUED = new Set([
  'emails',
  'phoneNumbers',
  'ims',
  'photos',
  'addresses',
  'entitlements',
  'roles',
  'x509Certificates',
  'members',
]);
/** What a client may not set: the server's own attributes. */
const READ_ONLY = new Set(['id', 'meta', 'schemas', 'groups']);

function canonical(name: string): string | undefined {
  if (name.toLowerCase() === ENTERPRISE_SCHEMA.toLowerCase()) return ENTERPRISE_SCHEMA;
  return CANONICAL.get(name.toLowerCase());
}

/** Known attributes only, in canonical spelling (`Primary` → `primary`), nulls dropped: unknown names are ignored, not stored. */
export function canonicalise(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonicalise).filter((v) => v !== undefined);
  if (value === null) return undefined;
  if (typeof value !== 'object') return value;
  const out: Json = {};
  for (const [key, v] of Object.entries(value as Json)) {
    const name = canonical(key);
    if (!name || READ_ONLY.has(key)) continue;
    const c = canonicalise(v);
    if (c !== undefined) out[name] = c;
  }
  return out;
}

/** `"True"` and `"False"` (Entra and the reference collection send both spellings) are booleans. */
export function booleanOf(value: unknown, attribute: string): boolean {
  if (typeof value === 'boolean') return value;
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw new ScimError(400, `'${attribute}' must be true or false.`, 'invalidValue');
}

/** A User resource from a POST or PUT body: userName required, active a boolean (default true). */
export function userAttributes(body: unknown): Json {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ScimError(400, 'The body must be a SCIM User object.', 'invalidSyntax');
  const attrs = canonicalise(body) as Json;
  return checkedUser(attrs);
}

export function checkedUser(attrs: Json): Json {
  if (typeof attrs.userName !== 'string' || !attrs.userName.trim())
    throw new ScimError(400, "'userName' is required.", 'invalidValue');
  if (attrs.userName.length > 256)
    throw new ScimError(400, "'userName' is longer than 256 characters.", 'invalidValue');
  attrs.userName = attrs.userName.trim();
  attrs.active = attrs.active === undefined ? true : booleanOf(attrs.active, 'active');
  if (attrs.externalId !== undefined && typeof attrs.externalId !== 'string')
    throw new ScimError(400, "'externalId' must be a string.", 'invalidValue');
  return attrs;
}

export function groupAttributes(body: unknown): Json {
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ScimError(400, 'The body must be a SCIM Group object.', 'invalidSyntax');
  return checkedGroup(canonicalise(body) as Json);
}

export function checkedGroup(attrs: Json): Json {
  if (typeof attrs.displayName !== 'string' || !attrs.displayName.trim())
    throw new ScimError(400, "'displayName' is required.", 'invalidValue');
  attrs.members = memberList(attrs.members);
  return attrs;
}

/** Members as `{ value }` objects: a bare id (as the reference collection sends) counts as one. */
export function memberList(members: unknown): Json[] {
  if (members === undefined) return [];
  const list = Array.isArray(members) ? members : [members];
  return list.flatMap((m) =>
    typeof m === 'string'
      ? [{ value: m }]
      : m && typeof m === 'object' && typeof (m as Json).value === 'string'
        ? [m as Json]
        : [],
  );
}

// ---- PATCH (RFC 7644 §3.5.2) ----

interface ParsedPath {
  /** the attribute holding the value (schema URN resolved into an extension object) */
  container: string[];
  attribute: string;
  filter: Filter | null;
  sub: string | null;
}

function parsePath(path: string): ParsedPath {
  const bracket = path.indexOf('[');
  if (bracket >= 0) {
    const close = path.lastIndexOf(']');
    if (close < bracket) throw new ScimError(400, `The path '${path}' is not valid.`, 'invalidPath');
    const head = pathSegments(path.slice(0, bracket)).map((s) => canonical(s) ?? s);
    const rest = path.slice(close + 1);
    const sub = rest.startsWith('.') ? (canonical(rest.slice(1)) ?? rest.slice(1)) : null;
    if (rest && !rest.startsWith('.')) throw new ScimError(400, `The path '${path}' is not valid.`, 'invalidPath');
    return {
      container: head.slice(0, -1),
      attribute: head.at(-1)!,
      filter: parseFilter(path.slice(bracket + 1, close)),
      sub,
    };
  }
  const segments = pathSegments(path).map((s) => canonical(s) ?? s);
  const known = segments.every((s) => s === ENTERPRISE_SCHEMA || CANONICAL.has(s.toLowerCase()));
  if (!known || !segments.length)
    throw new ScimError(400, `The path '${path}' names no attribute of this resource.`, 'invalidPath');
  if (segments.length === 1 || (segments[0] === ENTERPRISE_SCHEMA && segments.length === 2))
    return { container: segments.slice(0, -1), attribute: segments.at(-1)!, filter: null, sub: null };
  // name.givenName: the last segment is a sub-attribute of the one before
  return { container: segments.slice(0, -2), attribute: segments.at(-2)!, filter: null, sub: segments.at(-1)! };
}

function objectAt(resource: Json, container: readonly string[], create: boolean): Json | undefined {
  let current: Json = resource;
  for (const key of container) {
    let next = propertyOf(current, key);
    if (next === undefined || next === null) {
      if (!create) return undefined;
      next = {};
      current[key] = next;
    }
    if (typeof next !== 'object' || Array.isArray(next)) return undefined;
    current = next as Json;
  }
  return current;
}

/** The equality parts of a value filter (`type eq "work"`): what a new element gets when none matched. */
function equalities(filter: Filter): Json {
  if (filter.kind === 'compare' && filter.op === 'eq') return { [canonical(filter.path) ?? filter.path]: filter.value };
  if (filter.kind === 'and') return { ...equalities(filter.left), ...equalities(filter.right) };
  return {};
}

function sameElement(a: unknown, b: unknown): boolean {
  if (a && b && typeof a === 'object' && typeof b === 'object') {
    const av = (a as Json).value;
    const bv = (b as Json).value;
    if (av !== undefined && bv !== undefined) return String(av).toLowerCase() === String(bv).toLowerCase();
  }
  return JSON.stringify(a) === JSON.stringify(b);
}

type Op = 'add' | 'replace' | 'remove';

function applyAt(resource: Json, op: Op, path: string, rawValue: unknown): void {
  const p = parsePath(path);
  const value = canonicalise(rawValue);
  const holder = objectAt(resource, p.container, op !== 'remove');
  if (!holder) return;
  const current = holder[p.attribute];
  if (p.filter) {
    const filter = p.filter;
    const list = Array.isArray(current) ? (current as unknown[]) : [];
    const hits = list.filter((e) => matches(filter, e));
    if (op === 'remove') {
      if (p.sub) for (const e of hits) delete (e as Json)[p.sub];
      else holder[p.attribute] = list.filter((e) => !hits.includes(e));
      return;
    }
    if (!hits.length) {
      // Entra replaces emails[type eq "work"].value on a user without a work address: it is added.
      const element = { ...equalities(filter), ...(p.sub ? { [p.sub]: value } : (value as Json)) };
      holder[p.attribute] = [...list, element];
      return;
    }
    for (const e of hits) {
      if (p.sub) (e as Json)[p.sub] = value;
      else Object.assign(e as Json, value as Json);
    }
    return;
  }
  if (p.sub) {
    if (op === 'remove') {
      if (current && typeof current === 'object') delete (current as Json)[p.sub];
      return;
    }
    const object = current && typeof current === 'object' && !Array.isArray(current) ? (current as Json) : {};
    object[p.sub] = value;
    holder[p.attribute] = object;
    return;
  }
  if (op === 'remove') {
    if (MULTI_VALUED.has(p.attribute) && rawValue !== undefined && Array.isArray(current)) {
      // Entra removes members with { path: "members", value: [{ value: id }] }
      const gone = p.attribute === 'members' ? memberList(value) : (value as unknown[]);
      holder[p.attribute] = current.filter(
        (e) => !(Array.isArray(gone) ? gone : [gone]).some((g) => sameElement(e, g)),
      );
    } else delete holder[p.attribute];
    return;
  }
  if (MULTI_VALUED.has(p.attribute)) {
    const incoming = p.attribute === 'members' ? memberList(value) : Array.isArray(value) ? value : [value];
    if (op === 'replace') holder[p.attribute] = incoming;
    else {
      const list = Array.isArray(current) ? [...(current as unknown[])] : [];
      for (const item of incoming) if (!list.some((e) => sameElement(e, item))) list.push(item);
      holder[p.attribute] = list;
    }
    return;
  }
  if (
    op === 'add' &&
    current &&
    value &&
    typeof current === 'object' &&
    typeof value === 'object' &&
    !Array.isArray(value)
  )
    holder[p.attribute] = { ...(current as Json), ...(value as Json) };
  else holder[p.attribute] = value;
}

/**
 * Applies a PatchOp body to a copy of the resource's attributes. Operation names compare
 * without case (Entra sends `Add`, `Replace`, `Remove`; Okta `add`, `replace`); an operation
 * without a path carries an object of attributes, which may themselves be paths
 * (`name.givenName`, `urn:…:enterprise:2.0:User:department`).
 */
export function applyPatch(resource: Json, body: unknown): Json {
  if (!body || typeof body !== 'object')
    throw new ScimError(400, 'The body must be a PatchOp message.', 'invalidSyntax');
  const ops = propertyOf(body as Json, 'Operations');
  if (!Array.isArray(ops) || !ops.length)
    throw new ScimError(400, "A PatchOp message needs a non-empty 'Operations' list.", 'invalidSyntax');
  const result = structuredClone(resource);
  for (const raw of ops) {
    if (!raw || typeof raw !== 'object') throw new ScimError(400, 'An operation must be an object.', 'invalidSyntax');
    const opName = String(propertyOf(raw as Json, 'op') ?? '').toLowerCase();
    if (opName !== 'add' && opName !== 'replace' && opName !== 'remove')
      throw new ScimError(
        400,
        `'${String(propertyOf(raw as Json, 'op'))}' is not a PATCH operation (add, replace, remove).`,
        'invalidSyntax',
      );
    const path = propertyOf(raw as Json, 'path');
    const value = propertyOf(raw as Json, 'value');
    if (typeof path === 'string' && path.trim()) {
      applyAt(result, opName, path.trim(), value);
      continue;
    }
    if (opName === 'remove') throw new ScimError(400, "A 'remove' operation needs a path.", 'noTarget');
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new ScimError(400, 'An operation without a path needs an object value.', 'invalidValue');
    for (const [key, v] of Object.entries(value as Json)) {
      if (key.toLowerCase() === ENTERPRISE_SCHEMA.toLowerCase() && v && typeof v === 'object') {
        for (const [sub, sv] of Object.entries(v as Json)) applyAt(result, opName, `${ENTERPRISE_SCHEMA}:${sub}`, sv);
      } else if (!READ_ONLY.has(key)) {
        applyAt(result, opName, key, v);
      }
    }
  }
  return result;
}

// ---- answers ----

function baseName(attribute: string): string {
  const name = attribute.split('[')[0]!.trim();
  const segments = pathSegments(name);
  return (segments[0] === ENTERPRISE_SCHEMA ? ENTERPRISE_SCHEMA : segments[0]!).toLowerCase();
}

/** `attributes` / `excludedAttributes` (RFC 7644 §3.9): id, schemas and meta are always answered. */
export function project(resource: Json, attributes?: string, excluded?: string): Json {
  const always = new Set(['id', 'schemas', 'meta']);
  if (attributes) {
    const keep = new Set(attributes.split(',').map(baseName));
    return Object.fromEntries(Object.entries(resource).filter(([k]) => always.has(k) || keep.has(k.toLowerCase())));
  }
  if (excluded) {
    const drop = new Set(excluded.split(',').map(baseName));
    return Object.fromEntries(Object.entries(resource).filter(([k]) => always.has(k) || !drop.has(k.toLowerCase())));
  }
  return resource;
}
