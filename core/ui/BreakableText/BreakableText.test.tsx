import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { BreakableText, breakPoints, pathPieces } from './BreakableText';

describe('BreakableText', () => {
  it('breaks a path after its separators, never inside a word', () => {
    expect(breakPoints('/private/var/tmp/icloud_dump_helper')).toEqual([
      '/',
      'private/',
      'var/',
      'tmp/',
      'icloud_',
      'dump_',
      'helper',
    ]);
    expect(breakPoints('launchItems.txt:3')).toEqual(['launchItems.', 'txt:', '3']);
    // A run of separators stays whole: no line starts with the second "/" of "https://".
    expect(breakPoints('https://a--b.example/')).toEqual(['https://', 'a--', 'b.', 'example/']);
  });

  it('gives a run with no separator (a hash) break points every 16 characters', () => {
    const sha = 'a'.repeat(64);
    expect(breakPoints(sha)).toEqual(['a'.repeat(16), 'a'.repeat(16), 'a'.repeat(16), 'a'.repeat(16)]);
    expect(breakPoints('short')).toEqual(['short']);
  });

  it('renders the text whole, with a <wbr> at each break point and none at the end', () => {
    const { container } = render(
      <code>
        <BreakableText>/var/mobile/x</BreakableText>
      </code>,
    );
    expect(container.textContent).toBe('/var/mobile/x');
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
    expect(container.querySelector('code')!.lastChild?.nodeName).not.toBe('WBR');
  });

  it('splits a path after each run of "/", the root kept with the first name', () => {
    expect(pathPieces('/Users/alex/.x/updater')).toEqual(['/Users/', 'alex/', '.x/', 'updater']);
    expect(pathPieces('https://update-check.example.net/get')).toEqual([
      'https://',
      'update-check.example.net/',
      'get',
    ]);
    expect(pathPieces('/')).toEqual(['/']);
  });

  it('with `paths`, keeps each path piece whole and leaves words without a "/" alone', () => {
    const { container } = render(
      <p>
        <BreakableText paths>{'Safari downloaded https://a-b.example/x.dmg to /tmp/x-y'}</BreakableText>
      </p>,
    );
    expect(container.textContent).toBe('Safari downloaded https://a-b.example/x.dmg to /tmp/x-y');
    expect([...container.querySelectorAll('.zo-path-part')].map((p) => p.textContent)).toEqual([
      'https://',
      'a-b.example/',
      'x.dmg',
      '/tmp/',
      'x-y',
    ]);
    // A break only between a path's pieces: none inside "a-b.example/" nor after a plain word.
    expect(container.querySelectorAll('wbr')).toHaveLength(3);
  });
});
