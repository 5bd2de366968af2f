/**
 * The one SVG allow-list (spec §5 "icon sanitiser allows only vector-graphic tags"): what a
 * tenant's logo or a server-provided icon may contain. The API applies it when it stores a logo
 * (server/services/svgSanitizer.ts), the console again before it draws one
 * (core/ui/ServerSvg/sanitizeSvg.ts), so an older stored picture or a server bug cannot reach the
 * page unfiltered. Both run DOMPurify with these lists and `isSafeSvgAttributeValue` as a hook.
 *
 * Before the shared contract the two lists differed: the API kept `style` (with a blacklist of CSS
 * constructs), the console dropped it. The stricter reading is kept: no `style` attribute, no
 * `<style>` element. Inline CSS can restyle the page around the picture (`position: fixed` on the
 * root) and reaches resources through escapes and functions a blacklist has to keep up with; the
 * console never drew it anyway, so a stored logo loses nothing visible.
 */

/** Vector-graphic elements, in SVG's own spelling (compare with `isAllowedSvgTag`: parsers may lower-case them). */
export const SVG_ALLOWED_TAGS: readonly string[] = [
  'svg',
  'g',
  'defs',
  'title',
  'desc',
  'symbol',
  'use',
  'path',
  'rect',
  'circle',
  'ellipse',
  'line',
  'polyline',
  'polygon',
  'text',
  'tspan',
  'linearGradient',
  'radialGradient',
  'stop',
  'clipPath',
  'mask',
  'pattern',
  'marker',
  'filter',
  'feBlend',
  'feColorMatrix',
  'feComposite',
  'feDropShadow',
  'feFlood',
  'feGaussianBlur',
  'feMerge',
  'feMergeNode',
  'feMorphology',
  'feOffset',
];

/**
 * Refused even if a sanitiser's defaults would keep them (DOMPurify's FORBID_TAGS): each can run
 * code (script, animate*, set), load remote content (image, feImage, foreignObject, iframe, a)
 * or restyle the page (style).
 */
export const SVG_FORBIDDEN_TAGS: readonly string[] = [
  'script',
  'style',
  'foreignObject',
  'image',
  'feImage',
  'a',
  'iframe',
  'animate',
  'animateMotion',
  'animateTransform',
  'set',
];

/** Geometry, paint and text attributes; no event handlers, no `style`, no external references. */
export const SVG_ALLOWED_ATTRS: readonly string[] = [
  'id',
  'class',
  'viewBox',
  'width',
  'height',
  'x',
  'y',
  'x1',
  'y1',
  'x2',
  'y2',
  'cx',
  'cy',
  'r',
  'rx',
  'ry',
  'fx',
  'fy',
  'fr',
  'd',
  'points',
  'pathLength',
  'transform',
  'preserveAspectRatio',
  'fill',
  'fill-opacity',
  'fill-rule',
  'stroke',
  'stroke-width',
  'stroke-linecap',
  'stroke-linejoin',
  'stroke-miterlimit',
  'stroke-dasharray',
  'stroke-dashoffset',
  'stroke-opacity',
  'opacity',
  'color',
  'visibility',
  'display',
  'clip-path',
  'clip-rule',
  'clipPathUnits',
  'mask',
  'maskUnits',
  'maskContentUnits',
  'patternUnits',
  'patternContentUnits',
  'patternTransform',
  'gradientUnits',
  'gradientTransform',
  'spreadMethod',
  'offset',
  'stop-color',
  'stop-opacity',
  'font-family',
  'font-size',
  'font-weight',
  'font-style',
  'text-anchor',
  'dominant-baseline',
  'letter-spacing',
  'word-spacing',
  'dx',
  'dy',
  'rotate',
  'textLength',
  'lengthAdjust',
  'filter',
  'filterUnits',
  'primitiveUnits',
  'in',
  'in2',
  'result',
  'stdDeviation',
  'mode',
  'type',
  'values',
  'operator',
  'k1',
  'k2',
  'k3',
  'k4',
  'radius',
  'flood-color',
  'flood-opacity',
  'marker-start',
  'marker-mid',
  'marker-end',
  'markerWidth',
  'markerHeight',
  'markerUnits',
  'refX',
  'refY',
  'orient',
  'vector-effect',
  'shape-rendering',
  'paint-order',
  'href',
];

/**
 * SVG 1.1's `xlink:href`: whoever stores a picture may accept it on input and rewrite it to
 * `href` (the API does); it never appears in a stored or drawn picture.
 */
export const SVG_LEGACY_ATTRS: readonly string[] = ['xlink:href'];

/** Named here because a sanitiser's defaults may keep it; event handlers (`on*`) are refused by not being listed. */
export const SVG_FORBIDDEN_ATTRS: readonly string[] = ['style'];

const TAGS: ReadonlySet<string> = new Set(SVG_ALLOWED_TAGS.map((t) => t.toLowerCase()));
const ATTRS: ReadonlySet<string> = new Set(SVG_ALLOWED_ATTRS.map((a) => a.toLowerCase()));

/** An element the picture may keep (case-insensitive: HTML parsers lower-case `linearGradient`). */
export function isAllowedSvgTag(name: string): boolean {
  return TAGS.has(name.toLowerCase());
}

/** An attribute the picture may keep, whatever its value (case-insensitive, as `isAllowedSvgTag`). */
export function isAllowedSvgAttribute(name: string): boolean {
  return ATTRS.has(name.toLowerCase());
}

const LOCAL_REF = /^#[A-Za-z_][\w.:-]*$/;
const LOCAL_URL = /url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)/gi;
const ANY_URL = /url\s*\(/i;

/** `#id`: a reference inside the same picture, nothing fetched. */
export function isLocalReference(value: string): boolean {
  return LOCAL_REF.test(value.trim());
}

/** Every `url(...)` in the value points inside the picture (`url(#id)`); an unparsable `url(` counts as remote. */
export function hasOnlyLocalUrls(value: string): boolean {
  return !ANY_URL.test(value.replace(LOCAL_URL, ''));
}

/**
 * May this attribute keep this value: `href` (and `xlink:href`) only as `#id`; `style` never;
 * anything else only with local `url(#id)` references and no backslash (a CSS escape such as
 * `u\72l(` spells `url(` for the browser's CSS parser, which reads presentation attributes too).
 */
export function isSafeSvgAttributeValue(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (SVG_FORBIDDEN_ATTRS.includes(lower)) return false;
  if (lower === 'href' || lower === 'xlink:href') return isLocalReference(value);
  return !value.includes('\\') && hasOnlyLocalUrls(value);
}
