import DOMPurify from 'dompurify';

/**
 * Vector-graphic elements only (spec §5): no script, style, foreignObject, image, a, animate*,
 * set or iframe — each of those can run code, load remote content or restyle the page. The
 * server sanitises every stored SVG too; this is the browser's own pass, so a server bug or an
 * older stored logo cannot reach the page unfiltered.
 */
export const SVG_ALLOWED_TAGS = [
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line',
  'polyline', 'polygon', 'text', 'tspan', 'linearGradient', 'radialGradient', 'stop', 'clipPath', 'mask',
  'pattern', 'marker', 'filter', 'feBlend', 'feColorMatrix', 'feComposite', 'feDropShadow', 'feFlood',
  'feGaussianBlur', 'feMerge', 'feMergeNode', 'feMorphology', 'feOffset',
];

/** Geometry, paint and text attributes; no event handlers, no `style`, no external references. */
export const SVG_ALLOWED_ATTRS = [
  'id', 'class', 'viewBox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry',
  'fx', 'fy', 'fr', 'd', 'points', 'pathLength', 'transform', 'preserveAspectRatio', 'fill',
  'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color',
  'visibility', 'display', 'clip-path', 'clip-rule', 'clipPathUnits', 'mask', 'maskUnits',
  'maskContentUnits', 'patternUnits', 'patternContentUnits', 'patternTransform', 'gradientUnits',
  'gradientTransform', 'spreadMethod', 'offset', 'stop-color', 'stop-opacity', 'font-family', 'font-size',
  'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing', 'word-spacing', 'dx',
  'dy', 'rotate', 'textLength', 'lengthAdjust', 'filter', 'filterUnits', 'primitiveUnits', 'in', 'in2',
  'result', 'stdDeviation', 'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4', 'radius',
  'flood-color', 'flood-opacity', 'marker-start', 'marker-mid', 'marker-end', 'markerWidth', 'markerHeight',
  'markerUnits', 'refX', 'refY', 'orient', 'vector-effect', 'shape-rendering', 'paint-order', 'href',
];

const LOCAL_REF = /^#[A-Za-z_][\w.:-]*$/;
const LOCAL_URL = /url\(\s*(['"]?)#[A-Za-z_][\w.:-]*\1\s*\)/gi;
const ANY_URL = /url\s*\(/i;

/** True when every `url(...)` in the value points inside the picture (`url(#id)`). */
function onlyLocalUrls(value: string): boolean {
  return !ANY_URL.test(value.replace(LOCAL_URL, ''));
}

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | undefined;
/** Our own instance, so the hook below never changes anybody else's DOMPurify. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  // href only to `#id` in the same picture; url(...) only as url(#id): nothing is fetched.
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    const name = data.attrName.toLowerCase();
    if ((name === 'href' || name === 'xlink:href') && !LOCAL_REF.test(data.attrValue.trim())) data.keepAttr = false;
    else if (!onlyLocalUrls(data.attrValue)) data.keepAttr = false;
  });
  return (purifier = instance);
}

/**
 * Sanitises server-provided SVG markup into a detached `<svg>` element (or `null` when nothing
 * drawable is left). Returns DOM, never a string to inject: callers append the node.
 */
export function sanitizeSvg(markup: string): SVGSVGElement | null {
  const fragment = getPurifier().sanitize(markup, {
    ALLOWED_TAGS: SVG_ALLOWED_TAGS,
    ALLOWED_ATTR: SVG_ALLOWED_ATTRS,
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = Array.from(fragment.childNodes).find((node): node is SVGSVGElement => node.nodeType === 1 && (node as Element).localName === 'svg');
  return svg ?? null;
}

/** The sanitised picture serialised again (for services that hand markup on, e.g. BrandingService). */
export function sanitizeSvgMarkup(markup: string): string | null {
  const svg = sanitizeSvg(markup);
  return svg ? new XMLSerializer().serializeToString(svg) : null;
}
