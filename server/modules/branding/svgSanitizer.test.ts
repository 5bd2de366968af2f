import { JSDOM } from 'jsdom';
import { describe, expect, it } from 'vitest';

import { LogoRejectedError, MAX_LOGO_BYTES, prepareLogo } from './logoImage';
import { sanitizeSvg, SvgRejectedError } from './svgSanitizer';

const { DOMParser } = new JSDOM('').window;

const wrap = (inner: string): string =>
  `<svg xmlns="http://www.w3.org/2000/svg" xmlns:xlink="http://www.w3.org/1999/xlink" viewBox="0 0 24 24">${inner}</svg>`;

/** Parses the sanitiser's output as XML, so the assertions see what a browser would. */
function parse(svg: string): Document {
  const doc = new DOMParser().parseFromString(svg, 'image/svg+xml');
  expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
  return doc;
}

describe('sanitizeSvg', () => {
  it('keeps vector graphics, gradients, local references and text', () => {
    const out = sanitizeSvg(
      wrap(
        '<defs><linearGradient id="g"><stop offset="0" stop-color="red"/></linearGradient></defs>' +
          '<g transform="scale(2)"><path d="M0 0L10 10" stroke="#000" fill="url(#g)"/></g>' +
          '<use xlink:href="#g"/><text x="1" y="2">A &amp; B</text>',
      ),
    );
    const doc = parse(out);
    expect(doc.documentElement.localName).toBe('svg');
    expect(doc.documentElement.getAttribute('viewBox')).toBe('0 0 24 24');
    expect(doc.querySelector('linearGradient stop')?.getAttribute('stop-color')).toBe('red');
    expect(doc.querySelector('path')?.getAttribute('fill')).toBe('url(#g)');
    expect(doc.querySelector('use')?.getAttribute('href')).toBe('#g');
    expect(doc.querySelector('text')?.textContent).toBe('A & B');
  });

  const malicious: Array<[string, string, RegExp]> = [
    ['script element', '<script>alert(1)</script><rect width="1"/>', /script|alert/i],
    ['script in CDATA', '<script><![CDATA[alert(1)]]></script>', /alert/],
    ['event handler attribute', '<rect width="1" onclick="alert(1)" onload="alert(2)"/>', /onclick|onload|alert/],
    ['event handler on root', '</svg><svg onload="alert(1)"><rect/>', /onload/],
    [
      'foreignObject with HTML',
      '<foreignObject><iframe src="https://evil.example"/></foreignObject>',
      /foreignObject|iframe|evil/i,
    ],
    ['javascript: link', '<a href="javascript:alert(1)"><rect/></a>', /javascript|<a[\s>]/],
    ['javascript: in xlink:href of use', '<use xlink:href="javascript:alert(1)"/>', /javascript/],
    ['external use reference', '<use href="https://evil.example/sprite.svg#x"/>', /evil/],
    ['data URL image', '<image href="data:image/svg+xml;base64,PHN2Zz48L3N2Zz4="/>', /data:|<image/],
    ['style element with url()', '<style>rect{fill:url(https://evil.example/x)}</style><rect/>', /style|evil/],
    ['style element with @import', '<style>@import "https://evil.example/a.css";</style>', /import|evil/],
    ['inline style with remote url', '<rect style="fill:url(https://evil.example/x)"/>', /evil|style/],
    ['inline style with escaped url', '<rect style="fill:u\\72l(https://evil.example/x)"/>', /evil|style/],
    ['presentation attribute with remote url', '<rect fill="url(https://evil.example/p#x)"/>', /evil/],
    ['filter with data url', '<rect filter="url(data:image/svg+xml,abc)"/>', /data:/],
    ['feImage external', '<filter id="f"><feImage href="https://evil.example/x.png"/></filter>', /feImage|evil/i],
    [
      'animate rewriting href',
      '<a><animate attributeName="href" to="javascript:alert(1)"/></a>',
      /animate|javascript/i,
    ],
    ['set onload', '<set attributeName="onload" to="alert(1)"/>', /<set|alert/],
    ['iframe', '<iframe src="javascript:alert(1)"></iframe>', /iframe|javascript/],
    [
      'comment and processing instruction',
      '<!-- <script>x</script> --><?xml-stylesheet href="https://evil.example/s.css"?>',
      /<!--|evil|xml-stylesheet/,
    ],
    [
      'xml:base and external xlink',
      '<g xml:base="https://evil.example/"><use xlink:href="x.svg#a"/></g>',
      /evil|x\.svg/,
    ],
  ];

  for (const [name, inner, forbidden] of malicious) {
    it(`removes ${name}`, () => {
      const out = sanitizeSvg(wrap(inner));
      expect(out).not.toMatch(forbidden);
      expect(parse(out).documentElement.localName).toBe('svg');
    });
  }

  it('drops inline style (common/svg/svgAllowList: the console and the API share one list) and keeps a local url() presentation attribute', () => {
    const out = sanitizeSvg(
      wrap('<rect style="fill:url(#g);stroke:red" fill="url(#g)"/><rect style="fill:url(\'https://evil.example\')"/>'),
    );
    expect(out).not.toContain('style=');
    expect(out).toContain('fill="url(#g)"');
    expect(out).not.toContain('evil');
  });

  it('does not expand XML entities (no billion laughs, no external entities)', () => {
    const input =
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;"><!ENTITY x SYSTEM "file:///etc/passwd">]>' +
      wrap('<text>&b;&x;</text>');
    const out = sanitizeSvg(input);
    expect(out).not.toContain('aaaaaaaaaa');
    expect(out).not.toContain('root:');
    expect(out).not.toMatch(/ENTITY|DOCTYPE/);
  });

  it('rejects a document that is not an SVG', () => {
    expect(() => sanitizeSvg('<html><body><p>hello</p></body></html>')).toThrow(SvgRejectedError);
    expect(() => sanitizeSvg('just text')).toThrow(SvgRejectedError);
  });
});

describe('prepareLogo', () => {
  const png = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32, 1)]);
  const jpeg = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(32, 2)]);

  it('detects PNG and JPEG by their magic bytes and keeps the bytes', () => {
    expect(prepareLogo(png)).toEqual({ contentType: 'image/png', data: png });
    expect(prepareLogo(jpeg)).toEqual({ contentType: 'image/jpeg', data: jpeg });
  });

  it('detects and sanitises SVG, with or without XML declaration and BOM', () => {
    const svg = prepareLogo(Buffer.from(`\uFEFF<?xml version="1.0"?>\n${wrap('<rect onclick="x()" width="2"/>')}`));
    expect(svg.contentType).toBe('image/svg+xml');
    expect(svg.data.toString()).toContain('<rect width="2"/>');
    expect(svg.data.toString()).not.toContain('onclick');
  });

  it('rejects other formats, empty and oversized files', () => {
    const gif = Buffer.from('GIF89a........');
    expect(() => prepareLogo(gif)).toThrow(LogoRejectedError);
    expect(() => prepareLogo(Buffer.from('<html><svg></svg></html>'))).toThrow(/PNG, JPEG or SVG/);
    expect(() => prepareLogo(Buffer.alloc(0))).toThrow(/empty/);
    const big = Buffer.concat([png, Buffer.alloc(MAX_LOGO_BYTES)]);
    try {
      prepareLogo(big);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(LogoRejectedError);
      expect((error as LogoRejectedError).statusCode).toBe(413);
    }
  });
});
