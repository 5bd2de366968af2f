import { appleModelName } from './appleModels';

/**
 * A device's name for people, the ONE spelling every product uses (device pages, alert titles and
 * mails, webhooks, hunts and their CSV, the audit log): the server names a device by its model
 * identifier and crash-reporter key ("iPhone14,2 · c0ffee00"); a known identifier at the start
 * becomes its marketing name ("iPhone 13 Pro · c0ffee00"). Any other name (one a person gave, or
 * "Device from <file>") is kept as written; null stays null.
 */
export function deviceDisplayName(name: string): string;
export function deviceDisplayName(name: string | null): string | null;
export function deviceDisplayName(name: string | null): string | null {
  if (name === null) return null;
  const match = /^([A-Za-z]+\d+,\d+)(?=$| )/.exec(name);
  const marketing = match ? appleModelName(match[1]) : null;
  return marketing ? marketing + name.slice(match![1]!.length) : name;
}
