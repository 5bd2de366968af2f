import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/** The form every id of this API has: lower-case hex, 8-4-4-4-12. */
export const CANONICAL_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * Two validators: bodies are strict (no type coercion, unknown fields rejected because every
 * body schema says `additionalProperties: false` and nothing is removed); query strings, path
 * params and headers coerce strings to the declared types (`?all=true`, `?limit=10`).
 */
export function installValidators(app: FastifyInstance): void {
  const strict = new Ajv({ allErrors: false, removeAdditional: false, useDefaults: true, coerceTypes: false, strict: false });
  const coercing = new Ajv({ allErrors: false, removeAdditional: false, useDefaults: true, coerceTypes: 'array', strict: false });
  const AddFormats = addFormats as unknown as (ajv: Ajv) => Ajv;
  for (const ajv of [strict, coercing]) {
    AddFormats(ajv);
    // ajv-formats' uuid also takes `urn:uuid:…` and either case. Ids are compared as strings
    // (the "not yourself" rules) and cast by SQL: only the canonical lower-case form the API
    // hands out is an id here, anything else is a 400 (not a second spelling of the same user,
    // not a failed cast).
    ajv.addFormat('uuid', CANONICAL_UUID);
  }
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}
