import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

import { isApiEmail } from '@common/format/isApiEmail';

/** The form every id of this API has: lower-case hex, 8-4-4-4-12. */
export const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * RFC 3339 date-time (section 5.6): `T` between date and time, a time zone (`Z` or ±hh:mm),
 * seconds 00–59 with any fraction. The offset is at most ±15:59 (PostgreSQL's limit for a zone
 * displacement; real zones span −12:00 to +14:00).
 */
const RFC3339_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d+)?(?:Z|[+-](?:0\d|1[0-5]):[0-5]\d)$/i;
/** The years 0001–9999 in UTC: from 0001-01-01T00:00:00Z (inclusive) to 10000-01-01T00:00:00Z (exclusive). */
const FIRST_INSTANT = Date.parse('0001-01-01T00:00:00Z');
const END_INSTANT = Date.parse('+010000-01-01T00:00:00Z');

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

function daysInMonth(year: number, month: number): number {
  const leap = year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0);
  return month === 2 && leap ? 29 : DAYS_IN_MONTH[month - 1]!;
}

/**
 * The API's `date-time`: an RFC 3339 date-time naming a real instant — a day its month has
 * (V8's Date.parse would roll 02-30 over to March), no leap second `:60` (Date.parse gives NaN,
 * PostgreSQL would silently move it to the next minute), Date.parse reads it — within the years
 * 0001–9999 in UTC (PostgreSQL has no year 0; every date-time the API hands out has four year
 * digits). Anything else is a 400 before a route runs, so no route hands SQL a value it refuses
 * (a 500) or compares against NaN.
 */
export function isApiDateTime(value: string): boolean {
  const match = RFC3339_DATE_TIME.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return false;
  const instant = Date.parse(value);
  // Date.parse drops digits past the millisecond, PostgreSQL rounds them to the microsecond:
  // 9999-12-31T23:59:59.9999999Z would be stored as year 10000.
  const subMillisecond = /\.\d{4,}/.test(value) ? 1 : 0;
  return Number.isFinite(instant) && instant >= FIRST_INSTANT && instant + subMillisecond < END_INSTANT;
}

/**
 * Two validators: bodies are strict (no type coercion, unknown fields rejected because every
 * body schema says `additionalProperties: false` and nothing is removed); query strings, path
 * params and headers coerce strings to the declared types (`?all=true`, `?limit=10`).
 */
export function installValidators(app: FastifyInstance): void {
  const strict = new Ajv({
    allErrors: false,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: false,
    strict: false,
  });
  const coercing = new Ajv({
    allErrors: false,
    removeAdditional: false,
    useDefaults: true,
    coerceTypes: 'array',
    strict: false,
  });
  const AddFormats = addFormats as unknown as (ajv: Ajv) => Ajv;
  for (const ajv of [strict, coercing]) {
    AddFormats(ajv);
    // ajv-formats' uuid also takes `urn:uuid:…` and either case. Ids are compared as strings
    // (the "not yourself" rules) and cast by SQL: only the canonical lower-case form the API
    // hands out is an id here, anything else is a 400 (not a second spelling of the same user,
    // not a failed cast).
    ajv.addFormat('uuid', CANONICAL_UUID);
    // ajv-formats' date-time takes what PostgreSQL refuses (year 0000, offsets past ±15:59) or
    // moves (a leap second), and what Date.parse cannot read: see isApiDateTime.
    ajv.addFormat('date-time', { type: 'string', validate: isApiDateTime });
    // The console's forms check addresses with the same function (common/format/isApiEmail.ts).
    ajv.addFormat('email', { type: 'string', validate: isApiEmail });
  }
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}
