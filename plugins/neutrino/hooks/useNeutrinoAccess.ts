import { canHunt, canOpenHuntDevice, canSaveHunts, canSweepIntoRuleSet } from '@common/neutrino/access';
import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import { useObservable, useService } from '@core/react';

export interface NeutrinoAccess {
  hunt: boolean;
  save: boolean;
  ruleSet: boolean;
  openDevice: boolean;
}

/** What the token lets the user do here: the same checks the API applies (common/neutrino/access). */
export function useNeutrinoAccess(): NeutrinoAccess {
  const permissions = useService(PermissionsServiceToken);
  const perms = useObservable(permissions.perms$, permissions.perms());
  return {
    hunt: canHunt(perms),
    save: canSaveHunts(perms),
    ruleSet: canSweepIntoRuleSet(perms),
    openDevice: canOpenHuntDevice(perms),
  };
}
