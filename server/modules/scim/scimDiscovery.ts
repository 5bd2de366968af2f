import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, type Json, LIST_RESPONSE, USER_SCHEMA } from './scimResource';

/** The most resources one list answer holds (ServiceProviderConfig filter.maxResults). */
export const MAX_RESULTS = 200;

export function serviceProviderConfig(baseUrl: string): Json {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'https://www.rfc-editor.org/rfc/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_RESULTS },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'OAuth Bearer Token',
        description: "The tenant's SCIM token from Administration › SCIM provisioning, as `Authorization: Bearer …`.",
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${baseUrl}/ServiceProviderConfig` },
  };
}

export function resourceTypes(baseUrl: string): Json[] {
  return [
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'User',
      name: 'User',
      endpoint: '/Users',
      description: 'User Account',
      schema: USER_SCHEMA,
      schemaExtensions: [{ schema: ENTERPRISE_SCHEMA, required: false }],
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/User` },
    },
    {
      schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
      id: 'Group',
      name: 'Group',
      endpoint: '/Groups',
      description: 'Group: a permission preset of the console when its name is one',
      schema: GROUP_SCHEMA,
      meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/Group` },
    },
  ];
}

const attr = (name: string, type = 'string', extra: Json = {}): Json => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});
const multi = (name: string, subs: Json[]): Json => attr(name, 'complex', { multiValued: true, subAttributes: subs });
const valueSubs = [attr('value'), attr('display'), attr('type'), attr('primary', 'boolean')];

export function schemas(baseUrl: string): Json[] {
  const schema = (id: string, name: string, description: string, attributes: Json[]): Json => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id,
    name,
    description,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    schema(USER_SCHEMA, 'User', 'User Account', [
      attr('userName', 'string', { required: true, uniqueness: 'server' }),
      attr('name', 'complex', {
        subAttributes: ['formatted', 'familyName', 'givenName', 'middleName', 'honorificPrefix', 'honorificSuffix'].map(
          (n) => attr(n),
        ),
      }),
      ...['displayName', 'nickName', 'title', 'userType', 'preferredLanguage', 'locale', 'timezone'].map((n) =>
        attr(n),
      ),
      attr('profileUrl', 'reference'),
      attr('active', 'boolean'),
      multi('emails', valueSubs),
      multi('phoneNumbers', valueSubs),
      multi('addresses', [
        ...['formatted', 'streetAddress', 'locality', 'region', 'postalCode', 'country', 'type'].map((n) => attr(n)),
        attr('primary', 'boolean'),
      ]),
      multi('roles', valueSubs),
      multi('entitlements', valueSubs),
    ]),
    schema(GROUP_SCHEMA, 'Group', 'Group', [
      attr('displayName', 'string', { required: true }),
      multi('members', [
        attr('value', 'string', { mutability: 'immutable' }),
        attr('display'),
        attr('$ref', 'reference'),
      ]),
    ]),
    schema(ENTERPRISE_SCHEMA, 'EnterpriseUser', 'Enterprise User', [
      ...['employeeNumber', 'costCenter', 'organization', 'division', 'department'].map((n) => attr(n)),
      attr('manager', 'complex', {
        subAttributes: [attr('value'), attr('displayName', 'string', { mutability: 'readOnly' })],
      }),
    ]),
  ];
}

export function listResponse(all: readonly Json[], startIndex: number, count: number): Json {
  const page = all.slice(startIndex - 1, startIndex - 1 + count);
  return { schemas: [LIST_RESPONSE], totalResults: all.length, startIndex, itemsPerPage: page.length, Resources: page };
}
