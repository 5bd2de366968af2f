// @vitest-environment node
import { describe, expect, it } from 'vitest';

// @ts-expect-error plain ESM build helper without type declarations
import { classesOfMarkup, firstScreenCss } from '../scripts/lib/firstScreenCss.mjs';

const sheet = [
  '@charset "UTF-8";',
  ':root{--bp-x:1px}',
  'body{margin:0}',
  '.bp6-button,.bp6-dark .bp6-button,.bp6-slider{color:red}',
  '.bp6-tree{color:blue}',
  '.bp6-input:not(.bp6-disabled){color:green}',
  '.bp6-input[type=search]{color:teal}',
  '@media (max-width:600px){.bp6-card{padding:0}.bp6-menu{padding:1px}}',
  '@media print{.bp6-menu{display:none}}',
  '@keyframes bp6-spin{from{opacity:0}to{opacity:1}}',
].join('');

describe('first-screen stylesheet', () => {
  it('reads the classes of markup', () => {
    expect([...classesOfMarkup('<div class="a  b"><span class="c"></span></div>')]).toEqual(['a', 'b', 'c']);
  });

  it('keeps the rules that may match the classes, cut to those selectors, and drops the others', () => {
    const css = firstScreenCss(sheet, new Set(['bp6-button', 'bp6-input', 'bp6-card']));
    expect(css).toContain('@charset "UTF-8";');
    expect(css).toContain(':root{--bp-x:1px}');
    expect(css).toContain('body{margin:0}');
    // The dark variant needs bp6-dark, the slider its own class: both cut from the list.
    expect(css).toContain('.bp6-button{color:red}');
    expect(css).not.toContain('bp6-slider');
    expect(css).not.toContain('bp6-tree');
    // A missing class inside :not() widens the match: kept. Attribute selectors name no class.
    expect(css).toContain('.bp6-input:not(.bp6-disabled){color:green}');
    expect(css).toContain('.bp6-input[type=search]{color:teal}');
    expect(css).toContain('@media (max-width:600px){.bp6-card{padding:0}}');
    expect(css).not.toContain('@media print');
    expect(css).toContain('@keyframes bp6-spin{from{opacity:0}to{opacity:1}}');
  });

  it('keeps the dark variant when the dark class is among the classes', () => {
    const css = firstScreenCss(sheet, new Set(['bp6-button', 'bp6-dark']));
    expect(css).toContain('.bp6-button,.bp6-dark .bp6-button{color:red}');
  });
});
