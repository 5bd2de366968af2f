import { describe, expect, it } from 'vitest';

import {
  hasOnlyLocalUrls,
  isAllowedSvgAttribute,
  isAllowedSvgTag,
  isLocalReference,
  isSafeSvgAttributeValue,
  SVG_ALLOWED_ATTRS,
  SVG_ALLOWED_TAGS,
  SVG_FORBIDDEN_ATTRS,
  SVG_FORBIDDEN_TAGS,
} from './svgAllowList';

describe('the allow-lists', () => {
  it('allow nothing they forbid', () => {
    for (const tag of SVG_FORBIDDEN_TAGS) expect(isAllowedSvgTag(tag)).toBe(false);
    for (const attr of SVG_FORBIDDEN_ATTRS) expect(isAllowedSvgAttribute(attr)).toBe(false);
    expect(SVG_ALLOWED_ATTRS.some((a) => /^on/i.test(a))).toBe(false);
  });

  it('hold no duplicates', () => {
    expect(new Set(SVG_ALLOWED_TAGS.map((t) => t.toLowerCase())).size).toBe(SVG_ALLOWED_TAGS.length);
    expect(new Set(SVG_ALLOWED_ATTRS.map((a) => a.toLowerCase())).size).toBe(SVG_ALLOWED_ATTRS.length);
  });
});

describe('isAllowedSvgTag', () => {
  it.each<[string, boolean]>([
    ['svg', true],
    ['path', true],
    ['linearGradient', true],
    ['lineargradient', true],
    ['FEGAUSSIANBLUR', true],
    ['script', false],
    ['style', false],
    ['foreignObject', false],
    ['foreignobject', false],
    ['image', false],
    ['feImage', false],
    ['a', false],
    ['animate', false],
    ['set', false],
    ['iframe', false],
    ['div', false],
  ])('%s: %s', (tag, expected) => {
    expect(isAllowedSvgTag(tag)).toBe(expected);
  });
});

describe('isAllowedSvgAttribute', () => {
  it.each<[string, boolean]>([
    ['viewBox', true],
    ['viewbox', true],
    ['fill', true],
    ['href', true],
    ['style', false],
    ['onload', false],
    ['onclick', false],
    ['xlink:href', false],
    ['xmlns', false],
    ['data-x', false],
  ])('%s: %s', (name, expected) => {
    expect(isAllowedSvgAttribute(name)).toBe(expected);
  });
});

describe('references', () => {
  it.each<[string, boolean]>([
    ['#grad', true],
    [' #grad ', true],
    ['#a.b:c-d_1', true],
    ['#1bad', false],
    ['https://evil.example/s.svg#x', false],
    ['javascript:alert(1)', false],
    ['data:image/svg+xml,<svg/>', false],
    ['', false],
  ])('isLocalReference(%j): %s', (value, expected) => {
    expect(isLocalReference(value)).toBe(expected);
  });

  it.each<[string, boolean]>([
    ['red', true],
    ['url(#g)', true],
    ["url('#g') red", true],
    ['url( "#g" )', true],
    ['url(https://evil.example/x)', false],
    ["url('https://evil.example')", false],
    ['url(#g) url(data:x)', false],
    ['URL (https://evil.example)', false],
    ['url(#g', false],
  ])('hasOnlyLocalUrls(%j): %s', (value, expected) => {
    expect(hasOnlyLocalUrls(value)).toBe(expected);
  });
});

describe('isSafeSvgAttributeValue', () => {
  it.each<[string, string, boolean]>([
    ['fill', 'url(#grad)', true],
    ['fill', '#ff0000', true],
    ['d', 'M0 0h4', true],
    ['fill', 'url(https://evil.example/p)', false],
    ['fill', 'u\\72l(https://evil.example/p)', false],
    ['filter', 'url(#f)', true],
    ['href', '#grad', true],
    ['HREF', '#grad', true],
    ['href', 'https://evil.example/s.svg#x', false],
    ['xlink:href', '#grad', true],
    ['xlink:href', 'javascript:alert(1)', false],
    ['style', 'fill:red', false],
    ['style', 'fill:url(#g)', false],
  ])('%s=%j: %s', (name, value, expected) => {
    expect(isSafeSvgAttributeValue(name, value)).toBe(expected);
  });
});
