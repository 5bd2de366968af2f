// The first screens' part of the console's stylesheet: the rules of the entry's CSS bundle
// (Blueprint's whole sheet, ~34 KiB brotli) that can match the prerendered copies' markup
// (docs/decisions/0030-first-screen-stylesheet.md). Meant for a document that carries a copy: it
// links this subset instead of the whole sheet, and the whole sheet is added right after it once
// the first screen is up. The whole sheet repeats every rule of the subset at its own place, so
// with both loaded the cascade is the whole sheet's. build.mjs writes it (writeFirstScreenSheet).

/**
 * Classes set on the first screens other than by the copies' markup: the dark theme's class on
 * `<body>` (core/theme), and the states the live sign-in form enters at once (a field's error
 * intent and helper text, the button's spinner while the first answer is awaited).
 */
export const FIRST_SCREEN_RUNTIME_CLASSES = [
  'bp6-dark',
  'bp6-intent-danger',
  'bp6-form-helper-text',
  'bp6-loading',
  'bp6-button-spinner',
  'bp6-spinner-no-spin',
  'bp6-small',
];

/** Every class the markup names (`class="a b"`). */
export function classesOfMarkup(html) {
  const classes = new Set();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g))
    for (const name of value.split(/\s+/)) if (name) classes.add(name);
  return classes;
}

/** Splits `text` at `separator` where not inside brackets, parentheses or strings. */
function splitTopLevel(text, separator) {
  const parts = [];
  let depth = 0;
  let quote = '';
  let start = 0;
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i];
    if (quote) {
      if (char === '\\') i += 1;
      else if (char === quote) quote = '';
    } else if (char === '"' || char === "'") quote = char;
    else if (char === '(' || char === '[') depth += 1;
    else if (char === ')' || char === ']') depth -= 1;
    else if (char === separator && depth === 0) {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts;
}

/**
 * Whether a selector can match markup that only has `classes`: every class it requires is there.
 * What is inside functional pseudo-classes (`:not(.bp6-disabled)`, `:is(…)`, `:has(…)`) is not
 * counted: a missing class there may widen the match, so such a selector is kept.
 */
function mayMatch(selector, classes) {
  let bare = selector;
  // Innermost parentheses first, until none is left.
  for (let previous = ''; previous !== bare;) {
    previous = bare;
    bare = bare.replace(/\([^()]*\)/g, '');
  }
  bare = bare.replace(/\[[^\]]*\]/g, '').replace(/"[^"]*"|'[^']*'/g, '');
  for (const [, name] of bare.matchAll(/\.(-?[_a-zA-Z][-_a-zA-Z0-9]*)/g)) if (!classes.has(name)) return false;
  return true;
}

/** The blocks of a (minified) stylesheet: `{ prelude, body }` per rule or at-rule, `body` null for `@charset …;`. */
function blocks(css) {
  const result = [];
  let i = 0;
  while (i < css.length) {
    while (i < css.length && /\s/.test(css[i])) i += 1;
    if (i >= css.length) break;
    if (css.startsWith('/*', i)) {
      const end = css.indexOf('*/', i + 2);
      i = end < 0 ? css.length : end + 2;
      continue;
    }
    let j = i;
    let quote = '';
    let depth = 0;
    while (j < css.length) {
      const char = css[j];
      if (quote) {
        if (char === '\\') j += 1;
        else if (char === quote) quote = '';
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '(') depth += 1;
      else if (char === ')') depth -= 1;
      else if (depth === 0 && (char === '{' || char === ';')) break;
      j += 1;
    }
    const prelude = css.slice(i, j).trim();
    if (css[j] === ';' || j >= css.length) {
      result.push({ prelude, body: null });
      i = j + 1;
      continue;
    }
    // The body: up to the matching brace.
    let k = j + 1;
    let level = 1;
    quote = '';
    while (k < css.length && level > 0) {
      const char = css[k];
      if (quote) {
        if (char === '\\') k += 1;
        else if (char === quote) quote = '';
      } else if (char === '"' || char === "'") quote = char;
      else if (char === '{') level += 1;
      else if (char === '}') level -= 1;
      k += 1;
    }
    result.push({ prelude, body: css.slice(j + 1, k - 1) });
    i = k;
  }
  return result;
}

/** At-rules whose body holds rules (filtered in turn); any other at-rule (`@keyframes`, `@font-face`) is kept whole. */
const GROUPING = /^@(media|supports|layer|container)\b/i;

/** The rules of `css` that may match markup with `classes`, selector lists cut to those selectors. */
export function firstScreenCss(css, classes) {
  const out = [];
  for (const { prelude, body } of blocks(css)) {
    if (body === null) {
      out.push(`${prelude};`);
    } else if (prelude.startsWith('@')) {
      if (!GROUPING.test(prelude)) out.push(`${prelude}{${body}}`);
      else {
        const inner = firstScreenCss(body, classes);
        if (inner) out.push(`${prelude}{${inner}}`);
      }
    } else {
      const selectors = splitTopLevel(prelude, ',').filter((selector) => mayMatch(selector.trim(), classes));
      if (selectors.length) out.push(`${selectors.join(',')}{${body}}`);
    }
  }
  return out.join('');
}
