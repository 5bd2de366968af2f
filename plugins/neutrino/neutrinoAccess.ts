import { canHunt, canOpenHuntDevice, canSaveHunts, canSweepIntoRuleSet } from '@common/neutrino/access';
import type { Access } from '@core/permissions/accessOf';

/** What neutrino's pages show or hide, for `useAccess(neutrinoAccess)`: the checks the API applies (common/neutrino/access). */
export const neutrinoAccess = {
  hunt: canHunt,
  save: canSaveHunts,
  ruleSet: canSweepIntoRuleSet,
  openDevice: canOpenHuntDevice,
} as const;

/** The answers the pages pass down to their panels. */
export type NeutrinoAccess = Access<typeof neutrinoAccess>;
