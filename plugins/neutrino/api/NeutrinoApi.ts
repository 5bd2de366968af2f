import type { ApiBody, ApiQuery, ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

// Every shape is named from the generated API document (common/api/openapi.gen.ts).

export type HuntQuery = ApiQuery<'/neutrino-backend/hunt', 'get'>;
export type HuntPage = ApiResponse<'/neutrino-backend/hunt', 'get'>;
export type DeviceHits = HuntPage['items'][number];
export type HuntEvidence = DeviceHits['evidence'][number];
export type HuntMode = NonNullable<HuntQuery['mode']>;
export type ObservationKind = NonNullable<HuntQuery['kinds']>[number];
export type SweepBody = ApiBody<'/neutrino-backend/sweeps', 'post'>;
export type IndicatorType = NonNullable<SweepBody['type']>;
export type SweepResult = ApiResponse<'/neutrino-backend/sweeps', 'post'>;
export type SweepDevice = SweepResult['devices'][number];
export type SweepRuleSet = ApiResponse<'/neutrino-backend/sweeps/ruleSet', 'post'>;
export type Campaign = ApiResponse<'/neutrino-backend/campaigns', 'get'>;
export type CampaignQuery = ({ familyId: string } | { indicator: string }) & { offset?: number };
export type Family = ApiResponse<'/neutrino-backend/campaigns/families', 'get'>[number];
export type SavedHunt = ApiResponse<'/neutrino-backend/savedHunts', 'get'>[number];
export type NewSavedHunt = ApiBody<'/neutrino-backend/savedHunts', 'post'>;
export type HuntMatch = ApiResponse<'/neutrino-backend/savedHunts/{id}/matches', 'get'>[number];

/** Neutrino's calls, one method each; pages take it with `useService(NeutrinoApiToken)`, tests fake it by the token. */
export interface NeutrinoApi {
  /** One page of devices that observed the value (keyset: pass the answer's `nextCursor`). */
  hunt(query: HuntQuery): Promise<HuntPage>;
  /** Saves the hunt's CSV (every matching observation) through the downloads panel. */
  exportHunt(query: Omit<HuntQuery, 'cursor' | 'size'>): Promise<void>;
  /** Which devices ever observed any of the indicators (no rule set is created). */
  sweep(body: SweepBody): Promise<SweepResult>;
  /** The same indicators as a gluon rule set that keeps watching. */
  sweepIntoRuleSet(body: SweepBody): Promise<SweepRuleSet>;
  /** Families named by incidents, to follow. */
  families(): Promise<Family[]>;
  /** A family or one indicator value across the fleet; `offset`: the hours from UTC of the timeline's days. */
  campaign(query: CampaignQuery): Promise<Campaign>;
  savedHunts(): Promise<SavedHunt[]>;
  saveHunt(body: NewSavedHunt): Promise<SavedHunt>;
  deleteSavedHunt(id: string): Promise<void>;
  matches(huntId: string): Promise<HuntMatch[]>;
}

export const NeutrinoApiToken = createServiceToken<NeutrinoApi>('neutrino.api');
