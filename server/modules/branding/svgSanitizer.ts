import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

/**
 * Vector-graphic elements a logo may use. No script, style, foreignObject, image, feImage,
 * a, animate*, set, iframe: each of those can run code, load remote content or restyle the page.
 */
const ALLOWED_TAGS = [
  'svg', 'g', 'defs', 'title', 'desc', 'symbol', 'use', 'path', 'rect', 'circle', 'ellipse', 'line',
  'polyline', 'polygon', 'text', 'tspan', 'lineargradient', 'radialgradient', 'stop', 'clippath', 'mask',
  'pattern', 'marker', 'filter', 'feblend', 'fecolormatrix', 'fecomposite', 'fedropshadow', 'feflood',
  'fegaussianblur', 'femerge', 'femergenode', 'femorphology', 'feoffset',
] as const;

/** Geometry, paint and text attributes; no event handlers, no external references. */
const ALLOWED_ATTRS = [
  'id', 'class', 'viewbox', 'width', 'height', 'x', 'y', 'x1', 'y1', 'x2', 'y2', 'cx', 'cy', 'r', 'rx', 'ry',
  'fx', 'fy', 'fr', 'd', 'points', 'pathlength', 'transform', 'preserveaspectratio', 'version', 'fill',
  'fill-opacity', 'fill-rule', 'stroke', 'stroke-width', 'stroke-linecap', 'stroke-linejoin',
  'stroke-miterlimit', 'stroke-dasharray', 'stroke-dashoffset', 'stroke-opacity', 'opacity', 'color',
  'visibility', 'display', 'clip-path', 'clip-rule', 'clippathunits', 'mask', 'maskunits',
  'maskcontentunits', 'patternunits', 'patterncontentunits', 'patterntransform', 'gradientunits',
  'gradienttransform', 'spreadmethod', 'offset', 'stop-color', 'stop-opacity', 'font-family', 'font-size',
  'font-weight', 'font-style', 'text-anchor', 'dominant-baseline', 'letter-spacing', 'word-spacing', 'dx',
  'dy', 'rotate', 'textlength', 'lengthadjust', 'filter', 'filterunits', 'primitiveunits', 'in', 'in2',
  'result', 'stddeviation', 'mode', 'type', 'values', 'operator', 'k1', 'k2', 'k3', 'k4', 'radius',
  'flood-color', 'flood-opacity', 'marker-start', 'marker-mid', 'marker-end', 'markerwidth', 'markerheight',
  'markerunits', 'refx', 'refy', 'orient', 'vector-effect', 'shape-rendering', 'paint-order', 'style',
  'href', 'xlink:href', 'xmlns', 'xmlns:xlink',
] as const;

const TAG_SET: ReadonlySet<string> = new Set(ALLOWED_TAGS);
const ATTR_SET: ReadonlySet<string> = new Set(ALLOWED_ATTRS);
const SVG_NS = 'http://www.w3.org/2000/svg';

/** Only same-document references (`#id`) may appear in href. */
const LOCAL_REF = /^#[A-Za-z_][\w.:-]*$/;
/** `url(...)` is allowed only as `url(#id)`: anything else could fetch a remote or data resource. */
const URL_CALL = /url\s*\(\s*(['"]?)(.*?)\1\s*\)/gi;
/** CSS constructs with no place in a logo's inline style and a history of abuse. */
const BAD_STYLE = /@import|expression\s*\(|javascript:|behavior\s*:|-moz-binding|\\|<|image-set|image\s*\(/i;

export class SvgRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SvgRejectedError';
  }
}

function valueIsSafe(name: string, value: string): boolean {
  const lower = name.toLowerCase();
  if (lower === 'href' || lower === 'xlink:href') return LOCAL_REF.test(value.trim());
  if (lower === 'style' && BAD_STYLE.test(value)) return false;
  for (const match of value.matchAll(URL_CALL)) {
    if (!LOCAL_REF.test((match[2] ?? '').trim())) return false;
  }
  // A `url(` that the pattern above could not parse (unbalanced, escaped) is refused too.
  const calls = value.match(/url\s*\(/gi)?.length ?? 0;
  const parsed = [...value.matchAll(URL_CALL)].length;
  return calls === parsed;
}

/**
 * Second, independent pass over DOMPurify's result: every element and attribute must be on
 * our allow-list and every value must pass `valueIsSafe`. Anything else is removed, so a
 * DOMPurify regression or profile change cannot widen what a logo may contain.
 */
function enforceAllowList(root: Element): void {
  const walk = (element: Element): void => {
    for (const child of Array.from(element.childNodes)) {
      if (child.nodeType === 1) {
        const el = child as Element;
        if (!TAG_SET.has(el.localName.toLowerCase()) || el.namespaceURI !== SVG_NS) {
          el.remove();
          continue;
        }
        walk(el);
      } else if (child.nodeType !== 3) {
        // Comments, processing instructions and CDATA carry nothing a picture needs.
        child.remove();
      }
    }
    for (const attr of Array.from(element.attributes)) {
      if (!ATTR_SET.has(attr.name.toLowerCase()) || !valueIsSafe(attr.name, attr.value)) {
        element.removeAttributeNode(attr);
      } else if (attr.name.toLowerCase() === 'xlink:href') {
        // SVG 2 plain href renders everywhere and keeps the output free of the xlink namespace.
        element.removeAttributeNode(attr);
        if (!element.hasAttribute('href')) element.setAttribute('href', attr.value.trim());
      }
    }
  };
  walk(root);
}

let purifier: ReturnType<typeof createDOMPurify> | undefined;
let windowRef: (Window & typeof globalThis) | undefined;

function getPurifier(): { purify: ReturnType<typeof createDOMPurify>; window: Window & typeof globalThis } {
  if (!purifier || !windowRef) {
    windowRef = new JSDOM('').window;
    purifier = createDOMPurify(windowRef);
    purifier.addHook('uponSanitizeAttribute', (_node, data) => {
      if (!valueIsSafe(data.attrName, data.attrValue)) data.keepAttr = false;
    });
  }
  return { purify: purifier, window: windowRef };
}

/**
 * Returns a sanitised, self-contained SVG document (UTF-8 text) or throws SvgRejectedError
 * when the input is not an SVG image at all.
 */
export function sanitizeSvg(input: string): string {
  const { purify, window } = getPurifier();
  const fragment = purify.sanitize(input, {
    ALLOWED_TAGS: [...ALLOWED_TAGS],
    ALLOWED_ATTR: [...ALLOWED_ATTRS],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // DOMPurify tests every attribute value with this; no scheme at all is allowed (the hook
    // narrows href further to `#id`).
    ALLOWED_URI_REGEXP: /^(?:[^a-z]|[a-z+.\-]+(?:[^a-z+.\-:]|$))/i,
    FORBID_TAGS: ['style', 'script', 'foreignobject', 'image', 'feimage', 'a', 'iframe', 'animate', 'set'],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = Array.from(fragment.children).find((el) => el.localName === 'svg' && el.namespaceURI === SVG_NS);
  if (!svg) throw new SvgRejectedError('The logo is not a valid SVG image.');
  enforceAllowList(svg);
  // Namespace declarations are written by the serializer; strip stray ones first.
  for (const attr of Array.from(svg.attributes)) {
    if (attr.name.startsWith('xmlns')) svg.removeAttributeNode(attr);
  }
  const serialized = new window.XMLSerializer().serializeToString(svg);
  if (!serialized.startsWith('<svg')) throw new SvgRejectedError('The logo is not a valid SVG image.');
  return serialized;
}
