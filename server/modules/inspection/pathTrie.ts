import { devicePathSegments } from './devicePath';

const NONE: readonly never[] = Object.freeze([]);
const PRIVATE_ALIASES = new Set(['var', 'tmp', 'etc']);

interface Node<T> {
  children: Map<string, Node<T>>;
  values: T[];
}

/**
 * Path prefixes on whole segments: `/private/var/tmp/x` is under `/private/var/tmp`, but
 * `/private/var/tmpfoo` is not. A look-up walks the observed path once, so its cost depends on
 * the path's depth, not on how many prefixes are stored.
 */
export class PathTrie<T> {
  private readonly root: Node<T> = { children: new Map(), values: [] };

  /** Adds a prefix; returns false when the path is not absolute. */
  add(path: string, value: T): boolean {
    const segments = devicePathSegments(path);
    if (segments === null || segments.length === 0) return false;
    let node = this.root;
    for (const segment of segments) {
      let next = node.children.get(segment);
      if (!next) {
        next = { children: new Map(), values: [] };
        node.children.set(segment, next);
      }
      node = next;
    }
    node.values.push(value);
    return true;
  }

  /** Every stored value whose prefix contains `path` (equal paths included). */
  lookup(path: string): T[] {
    const segments = devicePathSegments(path);
    return segments === null ? [] : this.lookupSegments(segments);
  }

  /**
   * As `lookup`, walking the path's segments in place: only the segments the trie holds are cut
   * out, and no array is built (this runs for every path of every report). A path with a `.` or
   * `..` segment (or any `/.`) is normalised by `devicePathSegments` first. The answer is shared:
   * do not change it.
   */
  lookupPath(path: string): readonly T[] {
    if (path.charCodeAt(0) !== 47 /* '/' */) return NONE;
    if (path.includes('/.')) return this.lookupSegments(devicePathSegments(path)!);
    let found: T[] | undefined;
    let node: Node<T> | undefined = this.root;
    let first = true;
    for (let start = 1; start < path.length;) {
      let end = path.indexOf('/', start);
      if (end < 0) end = path.length;
      if (end > start) {
        const segment = path.slice(start, end);
        if (first) {
          first = false;
          // `/var`, `/tmp`, `/etc` are read as `/private/...`, as devicePathSegments does.
          if (PRIVATE_ALIASES.has(segment)) {
            node = node.children.get('private');
            if (!node) return NONE;
            if (node.values.length > 0) (found ??= []).push(...node.values);
          }
        }
        node = node.children.get(segment);
        if (!node) break;
        if (node.values.length > 0) (found ??= []).push(...node.values);
      }
      start = end + 1;
    }
    return found ?? NONE;
  }

  /** As `lookup`, for a path already split by `devicePathSegments`. */
  lookupSegments(segments: string[]): T[] {
    const found: T[] = [];
    let node: Node<T> | undefined = this.root;
    for (const segment of segments) {
      node = node.children.get(segment);
      if (!node) break;
      if (node.values.length > 0) found.push(...node.values);
    }
    return found;
  }
}
