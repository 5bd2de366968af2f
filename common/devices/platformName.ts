/** How the console spells the platforms gluon_devices stores (`platform` is ios, android or macos). */
const PLATFORM_NAMES: Record<string, string> = { ios: 'iOS', android: 'Android', macos: 'macOS' };

/**
 * A platform as people read it: "iOS", "Android", "macOS". A value the console does not know yet
 * is shown as the API sent it rather than passed off as iOS.
 */
export function platformName(platform: string): string {
  return PLATFORM_NAMES[platform] ?? platform;
}
