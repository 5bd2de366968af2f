import { sanitizeSvg, SvgRejectedError } from './svgSanitizer';

/** Largest logo accepted, before sanitising (spec: "size-limited"). */
export const MAX_LOGO_BYTES = 512 * 1024;

export type LogoContentType = 'image/png' | 'image/jpeg' | 'image/svg+xml';

export interface LogoImage {
  contentType: LogoContentType;
  data: Buffer;
}

export class LogoRejectedError extends Error {
  constructor(
    readonly statusCode: 400 | 413,
    message: string,
  ) {
    super(message);
    this.name = 'LogoRejectedError';
  }
}

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const JPEG_MAGIC = Buffer.from([0xff, 0xd8, 0xff]);

/** Looks like XML whose document element is <svg>: the declared content type is never trusted. */
function looksLikeSvg(text: string): boolean {
  const head = text.replace(/^\uFEFF/, '').trimStart();
  if (!/^<(\?xml|svg[\s>/]|!--|!DOCTYPE\s+svg)/i.test(head)) return false;
  return /<svg[\s>/]/i.test(head);
}

/**
 * Detects the format from the bytes themselves (PNG / JPEG magic numbers, SVG by its XML
 * shape) and returns what is safe to store: raster images as sent, SVG sanitised.
 */
export function prepareLogo(data: Buffer): LogoImage {
  if (data.length === 0) throw new LogoRejectedError(400, 'The logo file is empty.');
  if (data.length > MAX_LOGO_BYTES) throw new LogoRejectedError(413, 'The logo must not be larger than 512 KiB.');
  if (data.subarray(0, PNG_MAGIC.length).equals(PNG_MAGIC)) return { contentType: 'image/png', data };
  if (data.subarray(0, JPEG_MAGIC.length).equals(JPEG_MAGIC)) return { contentType: 'image/jpeg', data };
  const text = data.toString('utf8');
  if (!text.includes('\uFFFD') && looksLikeSvg(text)) {
    try {
      return { contentType: 'image/svg+xml', data: Buffer.from(sanitizeSvg(text), 'utf8') };
    } catch (error) {
      if (error instanceof SvgRejectedError) throw new LogoRejectedError(400, error.message);
      throw error;
    }
  }
  throw new LogoRejectedError(400, 'The logo must be a PNG, JPEG or SVG image.');
}
