import { satisfies, validRange } from 'semver';

/** The version of @console/plugin-sdk this console provides; a manifest's `sdk` range must satisfy it. */
export const PLUGIN_SDK_VERSION = '1.0.0';

/** Whether a plugin built against the SDK range `range` runs on this console's SDK. */
export function sdkCompatible(range: string): boolean {
  return validRange(range) !== null && satisfies(PLUGIN_SDK_VERSION, range);
}
