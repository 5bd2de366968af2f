// @vitest-environment node
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * No "issue N" references in the repository: the tracker they pointed to is not part of it, so a
 * reader cannot follow one. A comment, a test title or a document says what was meant (the reason,
 * the behaviour, the target) instead. Every tracked text file is scanned, docs/decisions/ included
 * (a decision record is self-contained).
 */
export const ISSUE_REFERENCE = new RegExp('\\b' + 'issues?' + '\\s+#?\\d+', 'i');

export interface IssueReference {
  file: string;
  line: number;
  text: string;
}

export function findIssueReferences(file: string, source: string): IssueReference[] {
  const found: IssueReference[] = [];
  source.split('\n').forEach((text, index) => {
    if (ISSUE_REFERENCE.test(text)) found.push({ file, line: index + 1, text: text.trim().slice(0, 160) });
  });
  return found;
}

const root = path.resolve(__dirname, '..');

function trackedTextFiles(): { file: string; source: string }[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: root, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 })
    .split('\0')
    .filter(Boolean);
  const texts: { file: string; source: string }[] = [];
  for (const file of files) {
    const full = path.join(root, file);
    if (!existsSync(full)) continue; // deleted in the working tree, not yet committed
    const bytes = readFileSync(full);
    if (bytes.includes(0)) continue; // binary
    texts.push({ file, source: bytes.toString('utf8') });
  }
  return texts;
}

describe('no references to an issue tracker outside the repository', () => {
  it('recognises the forms a reference takes', () => {
    // Written with a '~' inside the word, taken out here, so this file does not match itself.
    const tagged = [
      'Gluon (iss~ue 12)',
      'Iss~ue 14, item 7: restarts',
      'after iss~ues 10–12',
      'see iss~ue #3',
      'ISS~UE 21',
    ].map((t) => t.replace('~', ''));
    for (const text of tagged) expect(findIssueReferences('x.ts', text), text).toHaveLength(1);
    const plain = ['an issue with the cache', 'issues the token', 'tissue 3', 'PKCS#8 PEM'];
    for (const text of plain) expect(findIssueReferences('x.ts', text), text).toHaveLength(0);
  });

  it('finds none in the tracked text files', () => {
    const files = trackedTextFiles();
    expect(files.length).toBeGreaterThan(100);
    const found = files.flatMap(({ file, source }) => findIssueReferences(file, source));
    expect(found.map((f) => `${f.file}:${f.line}: ${f.text}`)).toEqual([]);
  });
});
