import type { ApiClient } from '@core/api/ApiClient';
import type { DownloadService } from '@core/downloads/DownloadService';

import type {
  Campaign,
  CampaignQuery,
  Family,
  HuntMatch,
  HuntPage,
  HuntQuery,
  NeutrinoApi,
  NewSavedHunt,
  SavedHunt,
  SweepBody,
  SweepResult,
  SweepRuleSet,
} from './NeutrinoApi';

/** Refusals the pages explain next to the form (a bound, a time budget), not the global error screen. */
const FORM_REFUSALS = [400, 409, 413, 422, 503];

/**
 * The hunt's query as sent: a blank criterion is not sent (the API would read `from=` as a date),
 * the value always is (a blank one gets the API's own refusal). Lists go as repeated keys
 * (`kinds=a&kinds=b`), which the API client does for every query.
 */
export function huntQuery<Q extends { value: string }>(query: Q): Partial<Q> & { value: string } {
  const sent: Partial<Q> = {};
  for (const key of Object.keys(query) as Array<keyof Q>) {
    const item = query[key];
    if (item !== undefined && item !== '') sent[key] = item;
  }
  return { ...sent, value: query.value };
}

/**
 * Neutrino's calls over the console's typed API client (each path, parameter, body and answer
 * checked against the API document) and the downloads panel (DefaultNeutrinoApi.test.ts).
 */
export class DefaultNeutrinoApi implements NeutrinoApi {
  constructor(
    private readonly api: ApiClient,
    private readonly downloads: DownloadService,
  ) {}

  hunt(query: HuntQuery): Promise<HuntPage> {
    return this.api.get('/neutrino-backend/hunt', { query: huntQuery(query), skipGlobalErrors: FORM_REFUSALS });
  }

  exportHunt(query: Omit<HuntQuery, 'cursor' | 'size'>): Promise<void> {
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Downloading hunt',
      message: 'neutrino-hunt.csv',
      fileName: 'neutrino-hunt.csv',
      request: this.api.requestConfig('get', '/neutrino-backend/hunt/export', { query: huntQuery(query) }),
    });
  }

  sweep(body: SweepBody): Promise<SweepResult> {
    return this.api.post('/neutrino-backend/sweeps', { body, skipGlobalErrors: FORM_REFUSALS });
  }

  sweepIntoRuleSet(body: SweepBody): Promise<SweepRuleSet> {
    return this.api.post('/neutrino-backend/sweeps/ruleSet', { body, skipGlobalErrors: FORM_REFUSALS });
  }

  families(): Promise<Family[]> {
    return this.api.get('/neutrino-backend/campaigns/families');
  }

  campaign(query: CampaignQuery): Promise<Campaign> {
    return this.api.get('/neutrino-backend/campaigns', { query, skipGlobalErrors: [404, ...FORM_REFUSALS] });
  }

  savedHunts(): Promise<SavedHunt[]> {
    return this.api.get('/neutrino-backend/savedHunts');
  }

  saveHunt(body: NewSavedHunt): Promise<SavedHunt> {
    return this.api.post('/neutrino-backend/savedHunts', { body, skipGlobalErrors: FORM_REFUSALS });
  }

  async deleteSavedHunt(id: string): Promise<void> {
    await this.api.delete('/neutrino-backend/savedHunts/{id}', { path: { id } });
  }

  matches(huntId: string): Promise<HuntMatch[]> {
    return this.api.get('/neutrino-backend/savedHunts/{id}/matches', { path: { id: huntId } });
  }
}
