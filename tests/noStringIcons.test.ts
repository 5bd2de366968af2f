// @vitest-environment node
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return name === 'node_modules' ? [] : sources(file);
    return /\.tsx$/.test(name) && !/\.test\.tsx$/.test(name) ? [file] : [];
  });
}

/**
 * The build stubs Blueprint's icon-name tables and strips its icon font (scripts/lib/
 * esbuildPlugins.mjs), so an icon given by NAME (`icon="search"`) draws an empty box on screen.
 * Icons are components (`icon={<Search />}`), each carrying its own paths.
 */
describe('Blueprint icons are components, never names', () => {
  it('no icon, leftIcon, rightIcon or endIcon prop is a string in core, host or plugins', () => {
    const found: string[] = [];
    for (const dir of ['core', 'host', 'plugins']) {
      for (const file of sources(path.join(ROOT, dir))) {
        // FieldIcon's own `icon` prop (a key of its paths) is not Blueprint's: blank those tags out,
        // keeping their newlines so line numbers still match.
        const text = readFileSync(file, 'utf8').replace(/<FieldIcon\b[^>]*>/g, (tag) => tag.replace(/[^\n]/g, ' '));
        // Attribute by attribute, so props on their own lines of a multi-line tag are seen too.
        // Also a name chosen in an expression (`icon={ok ? 'tick' : 'cross'}`): a string and no element.
        for (const match of text.matchAll(
          /\b(icon|leftIcon|rightIcon|endIcon)=(\{?["'][a-z-]+["']|\{[^{}<]*["'][a-z-]+["'][^{}<]*\})/g,
        )) {
          const line = text.slice(0, match.index).split('\n').length;
          found.push(`${path.relative(ROOT, file)}:${line}`);
        }
      }
    }
    expect(found).toEqual([]);
  });
});
