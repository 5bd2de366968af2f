import { canReadRuleSets, canWriteRuleSets } from '@common/globalrulesrepository/access';
import { canHunt } from '@common/neutrino/access';

/** What the rules repository's page shows, for `useAccess(rulesRepositoryAccess)`: the checks the API applies. */
export const rulesRepositoryAccess = {
  read: canReadRuleSets,
  write: canWriteRuleSets,
  /** An indicator's link to neutrino's campaign. */
  follow: canHunt,
} as const;
