/**
 * Apple's model identifiers (what a sysdiagnose or crash report records, "iPhone14,2") and the
 * names people know them by ("iPhone 13 Pro"): iPhones from the iPhone 8 (2017) to the iPhone 17
 * family (2025). Each identifier is one hardware variant; several can share a name (GSM/CDMA,
 * regional radios). Add a row when Apple ships a model: an identifier missing here is shown as
 * its code, so nothing breaks meanwhile.
 */
export const APPLE_MODELS: Readonly<Record<string, string>> = {
  'iPhone10,1': 'iPhone 8',
  'iPhone10,4': 'iPhone 8',
  'iPhone10,2': 'iPhone 8 Plus',
  'iPhone10,5': 'iPhone 8 Plus',
  'iPhone10,3': 'iPhone X',
  'iPhone10,6': 'iPhone X',
  'iPhone11,2': 'iPhone XS',
  'iPhone11,4': 'iPhone XS Max',
  'iPhone11,6': 'iPhone XS Max',
  'iPhone11,8': 'iPhone XR',
  'iPhone12,1': 'iPhone 11',
  'iPhone12,3': 'iPhone 11 Pro',
  'iPhone12,5': 'iPhone 11 Pro Max',
  'iPhone12,8': 'iPhone SE (2nd generation)',
  'iPhone13,1': 'iPhone 12 mini',
  'iPhone13,2': 'iPhone 12',
  'iPhone13,3': 'iPhone 12 Pro',
  'iPhone13,4': 'iPhone 12 Pro Max',
  'iPhone14,4': 'iPhone 13 mini',
  'iPhone14,5': 'iPhone 13',
  'iPhone14,2': 'iPhone 13 Pro',
  'iPhone14,3': 'iPhone 13 Pro Max',
  'iPhone14,6': 'iPhone SE (3rd generation)',
  'iPhone14,7': 'iPhone 14',
  'iPhone14,8': 'iPhone 14 Plus',
  'iPhone15,2': 'iPhone 14 Pro',
  'iPhone15,3': 'iPhone 14 Pro Max',
  'iPhone15,4': 'iPhone 15',
  'iPhone15,5': 'iPhone 15 Plus',
  'iPhone16,1': 'iPhone 15 Pro',
  'iPhone16,2': 'iPhone 15 Pro Max',
  'iPhone17,3': 'iPhone 16',
  'iPhone17,4': 'iPhone 16 Plus',
  'iPhone17,1': 'iPhone 16 Pro',
  'iPhone17,2': 'iPhone 16 Pro Max',
  'iPhone17,5': 'iPhone 16e',
  'iPhone18,3': 'iPhone 17',
  'iPhone18,4': 'iPhone Air',
  'iPhone18,1': 'iPhone 17 Pro',
  'iPhone18,2': 'iPhone 17 Pro Max',
};

/** The marketing name of a model identifier, or null when the table does not know it (or there is none). */
export function appleModelName(code: string | null | undefined): string | null {
  if (!code) return null;
  return Object.hasOwn(APPLE_MODELS, code) ? APPLE_MODELS[code]! : null;
}

/** A model for people: "iPhone 13 Pro (iPhone14,2)"; an unknown identifier as itself; none as ''. */
export function appleModelLabel(code: string | null | undefined): string {
  if (!code) return '';
  const name = appleModelName(code);
  return name ? `${name} (${code})` : code;
}
