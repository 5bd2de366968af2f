import type { DownloadService } from '@core/downloads/DownloadService';
import type { HttpService } from '@core/http/HttpService';

import type {
  Campaign,
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

const BASE = '/neutrino-backend';
/** Refusals the pages explain next to the form (a bound, a time budget), not the global error screen. */
const FORM_REFUSALS = [400, 409, 413, 422, 503];

/**
 * The hunt's query string: blank values are not sent, a list repeats its key (`kinds=a&kinds=b`,
 * as the API reads it; axios would write `kinds[]=`).
 */
export function huntSearch(query: Record<string, string | number | readonly string[] | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, item);
    else params.append(key, String(value));
  }
  return params.toString();
}

/** Neutrino's calls over the console's HTTP service and downloads panel (DefaultNeutrinoApi.test.ts). */
export class DefaultNeutrinoApi implements NeutrinoApi {
  constructor(
    private readonly http: HttpService,
    private readonly downloads: DownloadService,
  ) {}

  async hunt(query: HuntQuery): Promise<HuntPage> {
    return (await this.http.get<HuntPage>(`${BASE}/hunt?${huntSearch(query)}`, { skipGlobalErrors: FORM_REFUSALS }))
      .data;
  }

  exportHunt(query: Omit<HuntQuery, 'cursor' | 'size'>): Promise<void> {
    return this.downloads.start({
      type: 'file',
      titleMessage: 'Downloading hunt',
      message: 'neutrino-hunt.csv',
      fileName: 'neutrino-hunt.csv',
      request: { method: 'GET', url: `${BASE}/hunt/export?${huntSearch(query)}` },
    });
  }

  async sweep(body: SweepBody): Promise<SweepResult> {
    return (await this.http.post<SweepResult>(`${BASE}/sweeps`, body, { skipGlobalErrors: FORM_REFUSALS })).data;
  }

  async sweepIntoRuleSet(body: SweepBody): Promise<SweepRuleSet> {
    return (await this.http.post<SweepRuleSet>(`${BASE}/sweeps/ruleSet`, body, { skipGlobalErrors: FORM_REFUSALS }))
      .data;
  }

  async families(): Promise<Family[]> {
    return (await this.http.get<Family[]>(`${BASE}/campaigns/families`)).data;
  }

  async campaign(query: { familyId: string } | { indicator: string }): Promise<Campaign> {
    return (
      await this.http.get<Campaign>(`${BASE}/campaigns`, { params: query, skipGlobalErrors: [404, ...FORM_REFUSALS] })
    ).data;
  }

  async savedHunts(): Promise<SavedHunt[]> {
    return (await this.http.get<SavedHunt[]>(`${BASE}/savedHunts`)).data;
  }

  async saveHunt(body: NewSavedHunt): Promise<SavedHunt> {
    return (await this.http.post<SavedHunt>(`${BASE}/savedHunts`, body, { skipGlobalErrors: FORM_REFUSALS })).data;
  }

  async deleteSavedHunt(id: string): Promise<void> {
    await this.http.delete(`${BASE}/savedHunts/${encodeURIComponent(id)}`);
  }

  async matches(huntId: string): Promise<HuntMatch[]> {
    return (await this.http.get<HuntMatch[]>(`${BASE}/savedHunts/${encodeURIComponent(huntId)}/matches`)).data;
  }
}
