import { canWriteRuleSets } from '../globalrulesrepository/access';
import { canReadReports } from '../gluon/access';
import { hasPermission } from '../permissions/hasPermission';

/**
 * Neutrino's checks (the `ntr` prefix): fleet threat hunting. `ntr#hnt` is the hunt
 * resource: r searches every observation of the tenant (hunts, sweeps, campaigns), w saves hunts
 * that run again on every new inspection. A neutrino user sees devices and evidence only through
 * hunts; opening a device page still needs gluon's report permission, and turning a sweep into a
 * rule set needs gluon's configuration write.
 */
type Perms = readonly string[];

/** Hunt, sweep and follow a campaign: ntr#hnt#r or rw. */
export function canHunt(perms: Perms): boolean {
  return hasPermission(perms, 'ntr', 'hnt', ['r', 'rw']);
}

/** Save hunts, list and delete them: ntr#hnt#rw (saving without reading would save blind). */
export function canSaveHunts(perms: Perms): boolean {
  return hasPermission(perms, 'ntr', 'hnt', ['rw']);
}

/** "Turn into a rule set" on a sweep: hunting and gluon's rule-set write (gln#cfg#w or rw). */
export function canSweepIntoRuleSet(perms: Perms): boolean {
  return canHunt(perms) && canWriteRuleSets(perms);
}

/** A result's "Open device" and "Open inspection" links: gluon's report read (the device page's own check). */
export function canOpenHuntDevice(perms: Perms): boolean {
  return canHunt(perms) && canReadReports(perms);
}
