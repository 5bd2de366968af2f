import { type ReactNode, useLayoutEffect, useRef } from 'react';

import { sanitizeSvg } from './sanitizeSvg';

/** Spec §9: a server icon without its own viewBox draws on a 24-unit square. */
export const SERVER_SVG_DEFAULT_VIEWBOX = 24;
/** Spec §9: default width 16 px, height follows the picture's ratio. */
export const SERVER_SVG_DEFAULT_WIDTH = 16;

export interface ServerSvgProps {
  /** SVG markup from the API (a logo, an icon). Sanitised here whatever the source says. */
  markup: string;
  /** Square viewBox side used when the markup has no viewBox of its own (default 24). */
  viewBox?: number;
  /** CSS width in px (default 16); the height stays `auto`. */
  width?: number | string;
  /** CSS height (default 'auto'). */
  height?: number | string;
  /** Accessible name; without it the picture is decorative (aria-hidden). */
  label?: string;
  className?: string;
  /** Rendered when nothing drawable survives sanitising (e.g. the product mark). */
  fallback?: ReactNode;
  'data-testid'?: string;
}

/**
 * A server-provided SVG, drawn from the sanitised DOM tree: the node DOMPurify returns is
 * appended, nothing is ever set through innerHTML, so only vector-graphic tags and attributes
 * on the allow-list reach the page.
 */
export function ServerSvg({
  markup,
  viewBox = SERVER_SVG_DEFAULT_VIEWBOX,
  width = SERVER_SVG_DEFAULT_WIDTH,
  height = 'auto',
  label,
  className,
  fallback,
  'data-testid': testId,
}: ServerSvgProps) {
  const host = useRef<HTMLSpanElement>(null);

  useLayoutEffect(() => {
    const target = host.current;
    if (!target) return;
    const svg = sanitizeSvg(markup);
    if (!svg) return;
    if (!svg.hasAttribute('viewBox')) svg.setAttribute('viewBox', `0 0 ${viewBox} ${viewBox}`);
    svg.removeAttribute('width');
    svg.removeAttribute('height');
    svg.style.width = typeof width === 'number' ? `${width}px` : width;
    svg.style.height = typeof height === 'number' ? `${height}px` : height;
    svg.style.display = 'block';
    if (label) {
      svg.setAttribute('role', 'img');
      svg.setAttribute('aria-label', label);
    } else {
      svg.setAttribute('aria-hidden', 'true');
    }
    svg.setAttribute('focusable', 'false');
    target.replaceChildren(svg);
    return () => target.replaceChildren();
  }, [markup, viewBox, width, height, label]);

  // A cheap look for an `<svg` tag before mounting; the sanitising pass runs in the effect.
  if (!/<svg[\s>]/i.test(markup) && fallback !== undefined) return <>{fallback}</>;
  return (
    <span
      ref={host}
      className={className}
      style={{ display: 'inline-flex', alignItems: 'center' }}
      data-testid={testId}
    />
  );
}
