/** The API's limit (server/services/logoImage.ts MAX_LOGO_BYTES), shown and checked before uploading. */
export const MAX_LOGO_BYTES = 512 * 1024;

const TYPES = ['image/svg+xml', 'image/png', 'image/jpeg'];

/** Why a chosen file cannot be the logo, or null (the server checks the bytes again). */
export function checkLogoFile(file: { name: string; size: number; type: string }): string | null {
  if (!TYPES.includes(file.type) && !/\.(svg|png|jpe?g)$/i.test(file.name)) return 'Choose an SVG, PNG or JPEG file.';
  if (file.size > MAX_LOGO_BYTES)
    return `The file is ${Math.ceil(file.size / 1024)} KiB; the limit is ${MAX_LOGO_BYTES / 1024} KiB.`;
  if (file.size === 0) return 'The file is empty.';
  return null;
}
