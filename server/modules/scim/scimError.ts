export const SCIM_ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

/** RFC 7644 §3.12 scimType values this server answers. */
export type ScimType =
  'invalidFilter' | 'invalidSyntax' | 'invalidPath' | 'invalidValue' | 'uniqueness' | 'noTarget' | 'mutability';

/** An error answered in SCIM's error schema (status as a string, scimType for a 400/409). */
export class ScimError extends Error {
  constructor(
    readonly status: number,
    readonly detail: string,
    readonly scimType?: ScimType,
  ) {
    super(detail);
  }
}

export interface ScimErrorBody {
  schemas: string[];
  status: string;
  scimType?: ScimType;
  detail: string;
}

export function scimErrorBody(status: number, detail: string, scimType?: ScimType): ScimErrorBody {
  return { schemas: [SCIM_ERROR], status: String(status), ...(scimType ? { scimType } : {}), detail };
}
