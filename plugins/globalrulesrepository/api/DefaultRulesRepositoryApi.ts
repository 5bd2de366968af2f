import type { HttpService } from '@core/http/HttpService';

import type {
  ImportAnswer,
  IndicatorPage,
  MatchingStatus,
  RuleSet,
  RulesRepositoryApi,
  SuppressionAnswer,
  UnsuppressAnswer,
} from './RulesRepositoryApi';

const RULES = '/globalrulesrepository-backend';
const id = encodeURIComponent;

/**
 * The repository's calls over the console's HTTP service, one method per endpoint in one class:
 * URLs, parameters and the statuses the page explains itself are read and tested in one place
 * (DefaultRulesRepositoryApi.test.ts).
 */
export class DefaultRulesRepositoryApi implements RulesRepositoryApi {
  constructor(private readonly http: HttpService) {}

  async getRuleSets(): Promise<RuleSet[]> {
    return (await this.http.get<RuleSet[]>(`${RULES}/ruleSets`)).data;
  }

  async importRuleSet(bundle: string, fileName?: string): Promise<ImportAnswer> {
    return (
      await this.http.post<ImportAnswer>(
        `${RULES}/ruleSets`,
        { bundle, ...(fileName ? { fileName } : {}) },
        { skipGlobalErrors: [400, 413] },
      )
    ).data;
  }

  async setRuleSetEnabled(ruleSetId: string, enabled: boolean): Promise<RuleSet> {
    return (
      await this.http.request<RuleSet>({
        method: 'PATCH',
        url: `${RULES}/ruleSets/${id(ruleSetId)}`,
        data: { enabled },
      })
    ).data;
  }

  async deleteRuleSet(ruleSetId: string): Promise<void> {
    await this.http.delete(`${RULES}/ruleSets/${id(ruleSetId)}`);
  }

  async getIndicators(
    ruleSetId: string,
    query: { page: number; size: number; search: string; suppressed?: boolean },
  ): Promise<IndicatorPage> {
    const search = query.search.trim();
    const params = {
      page: query.page,
      size: query.size,
      ...(search ? { search } : {}),
      ...(query.suppressed ? { suppressed: true } : {}),
    };
    return (await this.http.get<IndicatorPage>(`${RULES}/ruleSets/${id(ruleSetId)}/indicators`, { params })).data;
  }

  async suppressIndicator(indicatorId: string, reason: string): Promise<SuppressionAnswer> {
    return (
      await this.http.post<SuppressionAnswer>(
        `${RULES}/suppressions`,
        { indicatorId, reason },
        { skipGlobalErrors: [400, 404] },
      )
    ).data;
  }

  async unsuppress(suppressionId: string): Promise<UnsuppressAnswer> {
    return (
      await this.http.delete<UnsuppressAnswer>(`${RULES}/suppressions/${id(suppressionId)}`, {
        skipGlobalErrors: [404],
      })
    ).data;
  }

  async getMatching(): Promise<MatchingStatus> {
    return (await this.http.get<MatchingStatus>(`${RULES}/matching`)).data;
  }
}
