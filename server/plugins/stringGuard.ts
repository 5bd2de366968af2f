import { EventEmitter } from 'node:events';
import type { FastifyInstance, FastifyRequest } from 'fastify';

import { HttpError } from '../contracts';

/** Message of the 400 for a string the database cannot store. */
export const INVALID_TEXT =
  'The request contains characters that are not allowed (NUL or an invalid Unicode sequence).';

/** A UTF-16 surrogate without its partner: not encodable as UTF-8 (silently replaced by one driver, an error in another). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export function isStorableText(value: string): boolean {
  // NUL: PostgreSQL text and jsonb refuse it.
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/** Deeper than any body this API takes; a value nested further is refused rather than left unchecked. */
const MAX_DEPTH = 64;

/**
 * Whether any string (or object key) inside `value` is not storable. Buffers and streams (an
 * octet-stream route's own parser may hand over the request itself) are skipped, so the guard
 * never reads a request body that is still arriving.
 */
export function containsInvalidText(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return !isStorableText(value);
  if (value === null || typeof value !== 'object') return false;
  if (depth > MAX_DEPTH) return true;
  if (Array.isArray(value)) return value.some((v) => containsInvalidText(v, depth + 1));
  // Query parsers build prototype-less records of their own; streams and emitters are not data.
  if (value instanceof EventEmitter || Buffer.isBuffer(value) || ArrayBuffer.isView(value)) return false;
  for (const [key, v] of Object.entries(value)) {
    if (!isStorableText(key) || containsInvalidText(v, depth + 1)) return true;
  }
  return false;
}

function requestHasInvalidText(request: FastifyRequest): boolean {
  return containsInvalidText(request.params) || containsInvalidText(request.query) || containsInvalidText(request.body);
}

/**
 * One check for every route, before its schema and handler: path parameters, query string
 * and parsed body may not carry text the database cannot store. Runs in
 * preValidation, the first hook where the body is parsed; routes need nothing of their own.
 */
export function installStringGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    if (requestHasInvalidText(request)) throw new HttpError(400, INVALID_TEXT);
  });
}
