import type { HuntQuery } from '../api/NeutrinoApi';

/** Neutrino's loader cache keys (core/cache): one prefix per list, invalidated by the mutations. */
export const neutrinoKeys = {
  hunt: (query: HuntQuery) => ['neutrino', 'hunt', JSON.stringify(query)],
  families: () => ['neutrino', 'families'],
  campaign: (by: string, value: string) => ['neutrino', 'campaign', by, value],
  savedHunts: () => ['neutrino', 'savedHunts'],
  matches: (huntId: string) => ['neutrino', 'matches', huntId],
};
