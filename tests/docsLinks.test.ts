// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Every relative link in README.md and docs/**\/*.md points to a file or folder that exists, so
 * moving a document (or the README's sections into docs/) cannot leave a reader at a dead link.
 * Links to other sites, mail addresses and anchors within the same page are not checked; a link's
 * own `#anchor` is dropped before the file is looked up. Fenced code blocks are skipped.
 */
export interface MarkdownLink {
  line: number;
  target: string;
}

export function relativeLinks(markdown: string): MarkdownLink[] {
  const links: MarkdownLink[] = [];
  let fenced = false;
  markdown.split('\n').forEach((text, index) => {
    if (/^\s*(```|~~~)/.test(text)) fenced = !fenced;
    if (fenced) return;
    const prose = text.replace(/`[^`]*`/g, '');
    for (const [, raw] of prose.matchAll(/\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
      const target = raw!;
      if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('#')) continue;
      links.push({ line: index + 1, target });
    }
  });
  return links;
}

const root = path.resolve(__dirname, '..');

function documents(): string[] {
  const tracked = execFileSync('git', ['ls-files', '-z', '--', 'README.md', 'docs'], { cwd: root, encoding: 'utf8' })
    .split('\0')
    .filter(Boolean);
  return tracked.filter((file) => file.endsWith('.md') && existsSync(path.join(root, file)));
}

describe('relative links in README.md and docs/', () => {
  it('reads the links a document holds, and only the relative ones', () => {
    const markdown = [
      'See [a](docs/a.md#part), [b](../b.md "title"), [site](https://example.com), [mail](mailto:x@example.com) and [here](#top).',
      '`[not](a-link.md)`',
      '```',
      '[inside](code.md)',
      '```',
    ].join('\n');
    expect(relativeLinks(markdown)).toEqual([
      { line: 1, target: 'docs/a.md#part' },
      { line: 1, target: '../b.md' },
    ]);
  });

  it('finds every linked file', () => {
    const files = documents();
    expect(files).toContain('README.md');
    expect(files.length).toBeGreaterThan(10);
    const broken: string[] = [];
    for (const file of files) {
      for (const { line, target } of relativeLinks(readFileSync(path.join(root, file), 'utf8'))) {
        const withoutAnchor = decodeURIComponent(target.split('#')[0]!.split('?')[0]!);
        if (!existsSync(path.resolve(root, path.dirname(file), withoutAnchor)))
          broken.push(`${file}:${line}: ${target}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
