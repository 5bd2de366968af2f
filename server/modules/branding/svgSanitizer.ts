import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

import {
  isAllowedSvgAttribute,
  isAllowedSvgTag,
  isSafeSvgAttributeValue,
  SVG_ALLOWED_ATTRS,
  SVG_ALLOWED_TAGS,
  SVG_FORBIDDEN_TAGS,
  SVG_LEGACY_ATTRS,
} from '@common/svg/svgAllowList';

const SVG_NS = 'http://www.w3.org/2000/svg';

export class SvgRejectedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SvgRejectedError';
  }
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
        if (!isAllowedSvgTag(el.localName) || el.namespaceURI !== SVG_NS) {
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
      if (
        !(isAllowedSvgAttribute(attr.name) || SVG_LEGACY_ATTRS.includes(attr.name.toLowerCase())) ||
        !isSafeSvgAttributeValue(attr.name, attr.value)
      ) {
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
      if (!isSafeSvgAttributeValue(data.attrName, data.attrValue)) data.keepAttr = false;
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
    ALLOWED_TAGS: [...SVG_ALLOWED_TAGS],
    ALLOWED_ATTR: [...SVG_ALLOWED_ATTRS, ...SVG_LEGACY_ATTRS],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    // DOMPurify tests every attribute value with this; no scheme at all is allowed (the hook
    // narrows href further to `#id`).
    ALLOWED_URI_REGEXP: /^(?:[^a-z]|[a-z+.-]+(?:[^a-z+.\-:]|$))/i,
    FORBID_TAGS: [...SVG_FORBIDDEN_TAGS],
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
