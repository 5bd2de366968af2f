import type { ApiResponse } from '@common/api/apiTypes';
import { createServiceToken } from '@core/di/ServiceToken';

// Named from the generated API document (common/api/openapi.gen.ts), never typed by hand.
export type RuleSet = ApiResponse<'/globalrulesrepository-backend/ruleSets', 'get'>[number];
/** An import's answer: `created`, `updated` (a newer version of the bundle) or `unchanged`. */
export type ImportAnswer = ApiResponse<'/globalrulesrepository-backend/ruleSets', 'post'>;
export type ImportStatus = ImportAnswer['status'];
export type IndicatorPage = ApiResponse<'/globalrulesrepository-backend/ruleSets/{id}/indicators', 'get'>;
export type IndicatorRow = IndicatorPage['items'][number];
export type SuppressionAnswer = ApiResponse<'/globalrulesrepository-backend/suppressions', 'post'>;
export type UnsuppressAnswer = ApiResponse<'/globalrulesrepository-backend/suppressions/{id}', 'delete'>;
export type MatchingStatus = ApiResponse<'/globalrulesrepository-backend/matching', 'get'>;

/**
 * The global rules repository's calls. Pages and hooks take it with
 * `useService(RulesRepositoryApiToken)`; tests register a fake under the token.
 */
export interface RulesRepositoryApi {
  getRuleSets(): Promise<RuleSet[]>;
  /** A STIX 2.1 bundle as text (pasted or read from a file); a refusal rejects with the API's reason. */
  importRuleSet(bundle: string, fileName?: string): Promise<ImportAnswer>;
  setRuleSetEnabled(ruleSetId: string, enabled: boolean): Promise<RuleSet>;
  deleteRuleSet(ruleSetId: string): Promise<void>;
  /** One page of a rule set's indicators, searched on the server (a blank search is not sent); `suppressed`: only those a suppression covers. */
  getIndicators(
    ruleSetId: string,
    query: { page: number; size: number; search: string; suppressed?: boolean },
  ): Promise<IndicatorPage>;
  /** Suppresses one indicator (a false positive) with a reason. */
  suppressIndicator(indicatorId: string, reason: string): Promise<SuppressionAnswer>;
  /** Undoes a suppression: its findings are active again, and stored observations are matched again. */
  unsuppress(suppressionId: string): Promise<UnsuppressAnswer>;
  /** Where the latest "stored observations are being matched again" stands. */
  getMatching(): Promise<MatchingStatus>;
}

/** Provided by plugins/globalrulesrepository/services/rulesRepositoryServices.ts, loaded with its page. */
export const RulesRepositoryApiToken = createServiceToken<RulesRepositoryApi>('globalrulesrepository.api');
