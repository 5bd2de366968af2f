import type { JSONSchema } from 'json-schema-to-ts';

/**
 * Small builders for `as const` JSON schemas (the route schema is the handler's type): a closed
 * object whose every property is required, a string enum, an array. Depends on nothing, so the
 * inspection engine and the product modules can share it.
 */

export const str = { type: 'string' } as const;
export const nstr = { type: ['string', 'null'] } as const;
export const int = { type: 'integer' } as const;
export const nint = { type: ['integer', 'null'] } as const;
export const nbool = { type: ['boolean', 'null'] } as const;

export function oneOf<const Values extends readonly string[]>(values: Values) {
  return { type: 'string', enum: values } as const;
}

export function obj<const Properties extends Record<string, JSONSchema>>(properties: Properties) {
  return {
    type: 'object',
    properties,
    required: Object.keys(properties) as Array<keyof Properties & string>,
    additionalProperties: false,
  } as const;
}

export const array = <const Item extends JSONSchema>(items: Item) => ({ type: 'array', items }) as const;
