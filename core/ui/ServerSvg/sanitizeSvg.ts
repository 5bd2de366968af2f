import DOMPurify from 'dompurify';

import {
  isSafeSvgAttributeValue,
  SVG_ALLOWED_ATTRS,
  SVG_ALLOWED_TAGS,
  SVG_FORBIDDEN_TAGS,
} from '@common/svg/svgAllowList';

/*
 * The allow-list is common/svg/svgAllowList.ts, the one the API applies when it stores a logo.
 * The server sanitises every stored SVG; this is the browser's own pass, so a server bug or an
 * older stored logo cannot reach the page unfiltered.
 */

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | undefined;
/** Our own instance, so the hook below never changes anybody else's DOMPurify. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  const instance = DOMPurify(window);
  // href only to `#id` in the same picture; url(...) only as url(#id): nothing is fetched.
  instance.addHook('uponSanitizeAttribute', (_node, data) => {
    if (!isSafeSvgAttributeValue(data.attrName, data.attrValue)) data.keepAttr = false;
  });
  return (purifier = instance);
}

/**
 * Sanitises server-provided SVG markup into a detached `<svg>` element (or `null` when nothing
 * drawable is left). Returns DOM, never a string to inject: callers append the node.
 */
export function sanitizeSvg(markup: string): SVGSVGElement | null {
  const fragment = getPurifier().sanitize(markup, {
    ALLOWED_TAGS: [...SVG_ALLOWED_TAGS],
    ALLOWED_ATTR: [...SVG_ALLOWED_ATTRS],
    FORBID_TAGS: [...SVG_FORBIDDEN_TAGS],
    ALLOW_DATA_ATTR: false,
    ALLOW_ARIA_ATTR: false,
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = Array.from(fragment.childNodes).find(
    (node): node is SVGSVGElement => node.nodeType === 1 && (node as Element).localName === 'svg',
  );
  return svg ?? null;
}

/** The sanitised picture serialised again (for services that hand markup on, e.g. BrandingService). */
export function sanitizeSvgMarkup(markup: string): string | null {
  const svg = sanitizeSvg(markup);
  return svg ? new XMLSerializer().serializeToString(svg) : null;
}
