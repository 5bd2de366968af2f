import { parsePermission } from './parsePermission';

/**
 * What each `module#resource` lets its holder do, in words (spec §6), for the permission editor
 * of the invite and user pages; the code stays in a tooltip. A resource not listed here (a
 * product added later) is named by its code, so nothing is hidden.
 */
export const RESOURCE_NAMES: Readonly<Record<string, string>> = {
  'gln#rpt': 'Devices, incidents and reports',
  'gln#cfg': 'Rule sets and inspection settings',
  'gln#fl': 'Original files (download)',
  'gln#upl': 'Upload files for inspection',
  'gln#ext': 'Collector links',
  'gln#cre': 'Crash explorer',
  'gln#pre': 'Process explorer',
  'gln#rsn': 'Rescan devices',
  'gln#suv': 'Basic upload: upload view',
  'gln#sdv': 'Basic upload: device view',
  'gln#pdv': 'Basic upload: process view',
  'elc#rpt': 'Macs, their reports and incidents',
  'elc#upl': 'Upload Aftermath archives',
  'elc#cfg': 'Electron settings',
  'ntr#rpt': 'Neutrino reports',
  'ntr#cfg': 'Neutrino settings',
  'ntr#hnt': 'Threat hunting across devices',
  'mnt#cfg': 'Monitoring settings',
  'mnt#rpt': 'Monitoring reports',
  'mnt#rsc': 'Monitoring administration',
  'umg#usr': 'Users and permissions',
  'umg#plg': 'Runtime plugins (install and remove)',
};

/** The modes in words: r reads, w changes, rw both. */
export const MODE_NAMES = { r: 'View', w: 'Change', rw: 'View and change' } as const;

/** A resource's name in words, or its code when it has none ("gln#rpt" → "Devices, incidents and reports"). */
export function resourceName(module: string, resource: string): string {
  return RESOURCE_NAMES[`${module}#${resource}`] ?? `${module}#${resource}`;
}

/** A whole permission in words ("gln#rpt#r" → "Devices, incidents and reports: View"); an unreadable one as written. */
export function permissionName(permission: string): string {
  const p = parsePermission(permission);
  return p ? `${resourceName(p.module, p.resource)}: ${MODE_NAMES[p.mode]}` : permission;
}
