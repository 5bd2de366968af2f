import Ajv from 'ajv';
import addFormats from 'ajv-formats';
import type { FastifyInstance } from 'fastify';

/**
 * Two validators: bodies are strict (no type coercion, unknown fields rejected because every
 * body schema says `additionalProperties: false` and nothing is removed); query strings, path
 * params and headers coerce strings to the declared types (`?all=true`, `?limit=10`).
 */
export function installValidators(app: FastifyInstance): void {
  const strict = new Ajv({ allErrors: false, removeAdditional: false, useDefaults: true, coerceTypes: false, strict: false });
  const coercing = new Ajv({ allErrors: false, removeAdditional: false, useDefaults: true, coerceTypes: 'array', strict: false });
  const AddFormats = addFormats as unknown as (ajv: Ajv) => Ajv;
  AddFormats(strict);
  AddFormats(coercing);
  app.setValidatorCompiler(({ schema, httpPart }) => (httpPart === 'body' ? strict : coercing).compile(schema));
}
