import type { FromSchema } from 'json-schema-to-ts';

import { named } from '../../schemas';
import { INDICATOR_TYPES, OBSERVATION_KINDS } from '../inspection/public';
import { MAX_BUNDLE_BYTES } from '../inspection/public';
import { MAX_HUNT_PAGE } from './services/hunt';
import { HUNT_MODES, MAX_HUNT_VALUE_CHARS } from './services/huntQuery';
import { MAX_SWEEP_VALUE_CHARS, MAX_SWEEP_VALUES, MIN_SWEEP_VALUE_CHARS } from './services/sweepInput';

/** JSON schemas of neutrino's calls (`as const`: the handlers' types and the console's generated ones). */

const str = { type: 'string' } as const;
const nstr = { type: ['string', 'null'] } as const;
const int = { type: 'integer' } as const;
const nint = { type: ['integer', 'null'] } as const;

const kind = { type: 'string', enum: OBSERVATION_KINDS } as const;
const indicatorType = { type: 'string', enum: INDICATOR_TYPES } as const;

/** The hunt's fields, shared by the search, its CSV export and a saved hunt. */
export const huntFields = {
  mode: { type: 'string', enum: HUNT_MODES, default: 'exact' },
  value: { type: 'string', minLength: 1, maxLength: MAX_HUNT_VALUE_CHARS },
  kinds: { type: 'array', items: kind, maxItems: OBSERVATION_KINDS.length, uniqueItems: true },
  // ISO 8601 bounds on when the observation was seen (its own time, else its inspection's).
  from: { type: 'string', format: 'date-time' },
  to: { type: 'string', format: 'date-time' },
} as const;

export const huntQuerystring = {
  type: 'object',
  properties: {
    ...huntFields,
    cursor: { type: 'string', maxLength: 200 },
    size: { type: 'integer', minimum: 1, maximum: MAX_HUNT_PAGE, default: 25 },
  },
  required: ['value'],
  additionalProperties: false,
} as const;

export const exportQuerystring = named('HuntQuery', {
  type: 'object',
  properties: huntFields,
  required: ['value'],
  additionalProperties: false,
} as const);
/** A hunt as the services run it: the search's fields without its page, `mode` filled by its default. */
export type HuntQuery = FromSchema<typeof exportQuerystring>;

const deviceRef = {
  type: 'object',
  properties: { id: str, name: str, displayName: str, platform: str },
  required: ['id', 'name', 'displayName', 'platform'],
  additionalProperties: false,
} as const;

const evidence = {
  type: 'object',
  properties: {
    inspectionId: str,
    inspectionFile: nstr,
    inspectedAt: str,
    kind: str,
    value: str,
    source: str,
    line: nint,
    occurrences: int,
    firstSeen: str,
    lastSeen: str,
  },
  required: [
    'inspectionId',
    'inspectionFile',
    'inspectedAt',
    'kind',
    'value',
    'source',
    'line',
    'occurrences',
    'firstSeen',
    'lastSeen',
  ],
  additionalProperties: false,
} as const;

export const huntPageSchema = named('HuntPage', {
  type: 'object',
  properties: {
    items: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          device: {
            type: 'object',
            properties: { id: str, name: str, displayName: str, platform: str, modelCode: nstr, osVersion: nstr },
            required: ['id', 'name', 'displayName', 'platform', 'modelCode', 'osVersion'],
            additionalProperties: false,
          },
          firstSeen: str,
          lastSeen: str,
          observations: int,
          occurrences: int,
          inspections: int,
          evidence: { type: 'array', items: evidence },
        },
        required: ['device', 'firstSeen', 'lastSeen', 'observations', 'occurrences', 'inspections', 'evidence'],
        additionalProperties: false,
      },
    },
    nextCursor: nstr,
  },
  required: ['items', 'nextCursor'],
  additionalProperties: false,
} as const);
export type HuntPage = FromSchema<typeof huntPageSchema>;

/** A sweep: a STIX 2.1 bundle, or plain values one per line with their indicator type. */
export const sweepBody = {
  type: 'object',
  properties: {
    bundle: { type: 'string', minLength: 1, maxLength: MAX_BUNDLE_BYTES },
    values: {
      type: 'string',
      minLength: 1,
      maxLength: 2_000_000,
      description: `One value per line: at most ${MAX_SWEEP_VALUES.toLocaleString('en-US')} values of ${MIN_SWEEP_VALUE_CHARS} to ${MAX_SWEEP_VALUE_CHARS.toLocaleString('en-US')} characters; a longer value is refused by its line number ("A value is longer than ${MAX_SWEEP_VALUE_CHARS.toLocaleString('en-US')} characters (line N)…"), never quoted.`,
    },
    type: indicatorType,
    name: {
      type: 'string',
      minLength: 1,
      maxLength: 200,
      description: 'The name of the rule set a sweep becomes (sweeps/ruleSet), for a bundle too.',
    },
  },
  additionalProperties: false,
} as const;

const sweepMatch = {
  type: 'object',
  properties: {
    inspectionId: str,
    deviceId: str,
    kind: str,
    value: str,
    source: str,
    line: nint,
    firstSeen: str,
    lastSeen: str,
    indicator: {
      type: 'object',
      properties: { id: str, type: str, value: str },
      required: ['id', 'type', 'value'],
      additionalProperties: false,
    },
    family: {
      type: 'object',
      properties: { id: str, name: str },
      required: ['id', 'name'],
      additionalProperties: false,
    },
    route: str,
  },
  required: [
    'inspectionId',
    'deviceId',
    'kind',
    'value',
    'source',
    'line',
    'firstSeen',
    'lastSeen',
    'indicator',
    'family',
    'route',
  ],
  additionalProperties: false,
} as const;

export const sweepResultSchema = named('SweepResult', {
  type: 'object',
  properties: {
    indicators: int,
    matchedIndicators: int,
    unsupported: {
      type: 'array',
      items: {
        type: 'object',
        properties: { pattern: str, reason: str },
        required: ['pattern', 'reason'],
        additionalProperties: false,
      },
    },
    devices: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          device: deviceRef,
          firstSeen: str,
          lastSeen: str,
          matchCount: int,
          indicators: { type: 'array', items: str },
          matches: { type: 'array', items: sweepMatch },
        },
        required: ['device', 'firstSeen', 'lastSeen', 'matchCount', 'indicators', 'matches'],
        additionalProperties: false,
      },
    },
  },
  required: ['indicators', 'matchedIndicators', 'unsupported', 'devices'],
  additionalProperties: false,
} as const);
export type SweepResult = FromSchema<typeof sweepResultSchema>;

export const campaignSchema = named('Campaign', {
  type: 'object',
  properties: {
    family: {
      type: ['object', 'null'],
      properties: { id: str, name: str },
      required: ['id', 'name'],
      additionalProperties: false,
    },
    indicator: nstr,
    firstSeen: nstr,
    lastSeen: nstr,
    devices: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          device: deviceRef,
          firstSeen: str,
          lastSeen: str,
          sightings: int,
          incidents: {
            type: 'array',
            items: {
              type: 'object',
              // owner: the owner's e-mail (null: nobody); optional, it came after the console's fakes.
              properties: { id: str, familyName: str, state: str, owner: nstr },
              required: ['id', 'familyName', 'state'],
              additionalProperties: false,
            },
          },
        },
        required: ['device', 'firstSeen', 'lastSeen', 'sightings', 'incidents'],
        additionalProperties: false,
      },
    },
    timeline: {
      type: 'array',
      items: {
        type: 'object',
        // day: yyyy-mm-dd in the zone the request's `offset` names (UTC without it).
        properties: { day: str, devices: int, sightings: int },
        required: ['day', 'devices', 'sightings'],
        additionalProperties: false,
      },
    },
  },
  required: ['family', 'indicator', 'firstSeen', 'lastSeen', 'devices', 'timeline'],
  additionalProperties: false,
} as const);
export type Campaign = FromSchema<typeof campaignSchema>;

export const familiesSchema = named('FamilyList', {
  type: 'array',
  items: {
    type: 'object',
    properties: { id: str, name: str, devices: int, open: int },
    required: ['id', 'name', 'devices', 'open'],
    additionalProperties: false,
  },
} as const);
export type FamilyList = FromSchema<typeof familiesSchema>;

const savedHuntQuery = {
  type: ['object', 'null'],
  properties: {
    mode: { type: 'string', enum: HUNT_MODES },
    value: str,
    kinds: { type: 'array', items: str },
    from: str,
    to: str,
  },
  required: ['mode', 'value'],
  additionalProperties: false,
} as const;

export const savedHuntSchema = named('SavedHunt', {
  type: 'object',
  properties: {
    id: str,
    name: str,
    type: { type: 'string', enum: ['hunt', 'sweep'] },
    hunt: savedHuntQuery,
    indicators: int,
    matches: int,
    devices: int,
    createdAt: str,
    matchedUntil: nstr,
  },
  required: ['id', 'name', 'type', 'hunt', 'indicators', 'matches', 'devices', 'createdAt', 'matchedUntil'],
  additionalProperties: false,
} as const);
export type SavedHunt = FromSchema<typeof savedHuntSchema>;

export const saveHuntBody = {
  type: 'object',
  properties: {
    name: { type: 'string', minLength: 1, maxLength: 200 },
    hunt: {
      type: 'object',
      properties: { mode: huntFields.mode, value: huntFields.value, kinds: huntFields.kinds },
      required: ['value'],
      additionalProperties: false,
    },
    sweep: sweepBody,
  },
  required: ['name'],
  additionalProperties: false,
} as const;

export const huntMatchSchema = named('HuntMatch', {
  type: 'object',
  properties: {
    id: str,
    deviceId: str,
    deviceName: str,
    deviceDisplayName: str,
    inspectionId: str,
    kind: str,
    value: str,
    source: nstr,
    line: nint,
    createdAt: str,
  },
  required: [
    'id',
    'deviceId',
    'deviceName',
    'deviceDisplayName',
    'inspectionId',
    'kind',
    'value',
    'source',
    'line',
    'createdAt',
  ],
  additionalProperties: false,
} as const);
export type HuntMatch = FromSchema<typeof huntMatchSchema>;

/** Parts of the answers above that services build on their own. */
export type DeviceHits = HuntPage['items'][number];
export type Evidence = DeviceHits['evidence'][number];
export type SweepDevice = SweepResult['devices'][number];
export type SweepMatch = SweepDevice['matches'][number];
export type CampaignDevice = Campaign['devices'][number];
export type FamilyItem = FamilyList[number];
