import type { HuntQuery } from '../api/NeutrinoApi';

/** Neutrino's loader cache keys (core/cache): one prefix per list, invalidated by the mutations. */
export const neutrinoKeys = {
  hunt: (query: HuntQuery) => ['neutrino', 'hunt', JSON.stringify(query)],
  families: () => ['neutrino', 'families'],
  // The zone is part of the key: the timeline's days are counted in it.
  campaign: (by: string, value: string, offset: number) => ['neutrino', 'campaign', by, value, String(offset)],
  savedHunts: () => ['neutrino', 'savedHunts'],
  matches: (huntId: string) => ['neutrino', 'matches', huntId],
};
