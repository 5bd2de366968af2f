import type { ApiClient } from '@core/api/ApiClient';

import type {
  ImportAnswer,
  IndicatorPage,
  MatchingStatus,
  RuleSet,
  RulesRepositoryApi,
  SuppressionAnswer,
  UnsuppressAnswer,
} from './RulesRepositoryApi';

/**
 * The repository's calls over the console's typed API client, one method per endpoint in one
 * class: routes, parameters and the statuses the page explains itself are read and tested in one
 * place (DefaultRulesRepositoryApi.test.ts).
 */
export class DefaultRulesRepositoryApi implements RulesRepositoryApi {
  constructor(private readonly api: ApiClient) {}

  getRuleSets(): Promise<RuleSet[]> {
    return this.api.get('/globalrulesrepository-backend/ruleSets');
  }

  importRuleSet(bundle: string, fileName?: string): Promise<ImportAnswer> {
    return this.api.post('/globalrulesrepository-backend/ruleSets', {
      body: { bundle, ...(fileName ? { fileName } : {}) },
      skipGlobalErrors: [400, 413],
    });
  }

  setRuleSetEnabled(ruleSetId: string, enabled: boolean): Promise<RuleSet> {
    return this.api.patch('/globalrulesrepository-backend/ruleSets/{id}', {
      path: { id: ruleSetId },
      body: { enabled },
    });
  }

  async deleteRuleSet(ruleSetId: string): Promise<void> {
    await this.api.delete('/globalrulesrepository-backend/ruleSets/{id}', { path: { id: ruleSetId } });
  }

  getIndicators(
    ruleSetId: string,
    query: { page: number; size: number; search: string; suppressed?: boolean },
  ): Promise<IndicatorPage> {
    const search = query.search.trim();
    return this.api.get('/globalrulesrepository-backend/ruleSets/{id}/indicators', {
      path: { id: ruleSetId },
      query: {
        page: query.page,
        size: query.size,
        ...(search ? { search } : {}),
        ...(query.suppressed ? { suppressed: true } : {}),
      },
    });
  }

  suppressIndicator(indicatorId: string, reason: string): Promise<SuppressionAnswer> {
    return this.api.post('/globalrulesrepository-backend/suppressions', {
      body: { indicatorId, reason },
      skipGlobalErrors: [400, 404],
    });
  }

  unsuppress(suppressionId: string): Promise<UnsuppressAnswer> {
    return this.api.delete('/globalrulesrepository-backend/suppressions/{id}', {
      path: { id: suppressionId },
      skipGlobalErrors: [404],
    });
  }

  getMatching(): Promise<MatchingStatus> {
    return this.api.get('/globalrulesrepository-backend/matching');
  }
}
