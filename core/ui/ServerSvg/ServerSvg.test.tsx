import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { sanitizeSvg, sanitizeSvgMarkup } from './sanitizeSvg';
import { ServerSvg } from './ServerSvg';

const HOSTILE = `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)">
  <script>alert(2)</script>
  <foreignObject><div>html</div></foreignObject>
  <image href="https://evil.example/x.png"/>
  <a href="javascript:alert(3)"><path d="M0 0h4"/></a>
  <rect width="4" height="4" fill="url(https://evil.example/p)" onclick="alert(4)"/>
  <circle cx="2" cy="2" r="1" fill="url(#grad)" style="fill:red"/>
  <use href="#grad"/><use href="https://evil.example/s.svg#x"/>
  <path d="M1 1h2"/>
</svg>`;

describe('sanitizeSvg', () => {
  it('keeps vector tags only: no script, foreignObject, image, link or event handler', () => {
    const svg = sanitizeSvg(HOSTILE)!;
    const markup = svg.outerHTML;
    expect(markup).not.toMatch(/script|foreignObject|<image|<a[\s>]|onload|onclick|javascript|evil\.example|style=/i);
    // The link is dropped, the shape it wrapped stays.
    expect(svg.querySelectorAll('path')).toHaveLength(2);
    expect(svg.querySelector('circle')?.getAttribute('fill')).toBe('url(#grad)');
    expect(svg.querySelector('rect')?.hasAttribute('fill')).toBe(false);
    expect(Array.from(svg.querySelectorAll('use')).map((u) => u.getAttribute('href'))).toEqual(['#grad', null]);
  });

  it('gives null when no svg element survives', () => {
    expect(sanitizeSvg('<script>alert(1)</script>')).toBeNull();
    expect(sanitizeSvgMarkup('<p>hi</p>')).toBeNull();
  });
});

describe('ServerSvg', () => {
  it('draws the sanitised tree with the defaults of spec §9 (viewBox 24, width 16, height auto)', () => {
    const { container } = render(<ServerSvg markup={HOSTILE} data-testid="icon" />);
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(svg.style.width).toBe('16px');
    expect(svg.style.height).toBe('auto');
    expect(svg.getAttribute('aria-hidden')).toBe('true');
    expect(container.innerHTML).not.toMatch(/script|onload|onclick/i);
  });

  it("keeps the markup's own viewBox, takes a width and a label", () => {
    const { container } = render(
      <ServerSvg
        markup={'<svg viewBox="0 0 100 50" width="900"><rect width="10" height="10"/></svg>'}
        width={120}
        label="Acme"
      />,
    );
    const svg = container.querySelector('svg')!;
    expect(svg.getAttribute('viewBox')).toBe('0 0 100 50');
    expect(svg.hasAttribute('width')).toBe(false);
    expect(svg.style.width).toBe('120px');
    expect(svg.getAttribute('role')).toBe('img');
    expect(svg.getAttribute('aria-label')).toBe('Acme');
  });

  it('shows the fallback when the markup holds no svg', () => {
    const { getByText, container } = render(
      <ServerSvg markup="<img src=x onerror=alert(1)>" fallback={<span>mark</span>} />,
    );
    expect(getByText('mark')).toBeTruthy();
    expect(container.querySelector('img')).toBeNull();
  });
});
