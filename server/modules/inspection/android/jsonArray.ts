/**
 * AndroidQF writes its JSON artefacts as one array (packages.json, files.json, processes.json,
 * root_binaries.json, mounts.json); files.json can hold hundreds of thousands of records. This
 * reads such an array element by element from a byte stream: only one element's text is held at a
 * time, each element is bounded in size and nesting before `JSON.parse` sees it, so a huge,
 * deeply nested or endless document costs one pass and a bounded amount of memory.
 */

export interface JsonArrayLimits {
  /** Characters of one element; a longer one is skipped. */
  maxElementChars: number;
  /** Nesting inside one element; a deeper one is skipped. */
  maxDepth: number;
  /** Elements read; the rest are not. */
  maxElements: number;
}

export const DEFAULT_JSON_ARRAY_LIMITS: JsonArrayLimits = {
  maxElementChars: 1024 * 1024,
  maxDepth: 32,
  maxElements: 1_000_000,
};

export interface JsonArraySummary {
  elements: number;
  /** Elements not handed over, with why (at most 100 kept; `skippedCount` has them all). */
  skipped: Array<{ index: number; line: number; reason: string }>;
  skippedCount: number;
  /** More than `maxElements` elements. */
  truncated: boolean;
  /** The document is not a JSON array, or breaks off; elements before the fault were handed over. */
  error?: string;
}

const WS = new Set([0x20, 0x09, 0x0a, 0x0d]);

/** Reads `[e0, e1, ...]`, calling `onElement(value, index, line)` for each well-formed element. */
export async function streamJsonArray(
  chunks: AsyncIterable<Uint8Array> | Iterable<Uint8Array>,
  onElement: (value: unknown, index: number, line: number) => void,
  limits: JsonArrayLimits = DEFAULT_JSON_ARRAY_LIMITS,
): Promise<JsonArraySummary> {
  const decoder = new TextDecoder('utf-8', { fatal: false });
  const summary: JsonArraySummary = { elements: 0, skipped: [], skippedCount: 0, truncated: false };
  type State = 'start' | 'beforeElement' | 'afterElement' | 'element' | 'done';
  // Read through a function: `finish` changes it, which flow analysis does not see.
  let state: State = 'start';
  const now = (): State => state;
  let line = 1;
  // The element being read.
  let pieces: string[] = [];
  let size = 0;
  let depth = 0;
  let maxDepthSeen = 0;
  let inString = false;
  let escaped = false;
  let primitive = false;
  let elementLine = 1;
  let index = 0;
  let sawComma = false;
  let stop = false;

  const skip = (reason: string): void => {
    summary.skippedCount += 1;
    if (summary.skipped.length < 100) summary.skipped.push({ index, line: elementLine, reason });
  };
  const finish = (): void => {
    if (size > limits.maxElementChars) skip(`element larger than ${limits.maxElementChars} characters`);
    else if (maxDepthSeen > limits.maxDepth) skip(`element nested deeper than ${limits.maxDepth}`);
    else {
      let value: unknown;
      let ok = true;
      try {
        value = JSON.parse(pieces.join(''));
      } catch {
        ok = false;
      }
      if (ok) {
        summary.elements += 1;
        onElement(value, index, elementLine);
      } else skip('not valid JSON');
    }
    index += 1;
    pieces = [];
    size = 0;
    depth = 0;
    maxDepthSeen = 0;
    primitive = false;
    state = 'afterElement';
    if (index >= limits.maxElements) {
      summary.truncated = true;
      stop = true;
    }
  };
  const fail = (message: string): JsonArraySummary => {
    summary.error = message;
    return summary;
  };

  for await (const chunk of chunks) {
    const text = decoder.decode(chunk, { stream: true });
    let i = 0;
    let pieceStart = state === 'element' ? 0 : -1;
    const keep = (end: number): void => {
      if (pieceStart >= 0 && end > pieceStart) {
        const room = limits.maxElementChars + 1 - size;
        if (room > 0) pieces.push(text.slice(pieceStart, pieceStart + Math.min(room, end - pieceStart)));
        size += end - pieceStart;
        if (size > limits.maxElementChars) pieces = [];
      }
      pieceStart = -1;
    };
    while (i < text.length) {
      const c = text.charCodeAt(i);
      if (c === 0x0a) line += 1;
      switch (now()) {
        case 'start':
          if (c === 0xfeff || WS.has(c)) break;
          if (c !== 0x5b) return fail('not a JSON array');
          state = 'beforeElement';
          sawComma = false;
          break;
        case 'beforeElement':
        case 'afterElement':
          if (WS.has(c)) break;
          if (c === 0x5d) {
            if (now() === 'beforeElement' && sawComma) return fail(`a trailing comma before ']' (line ${line})`);
            state = 'done';
            break;
          }
          if (now() === 'afterElement') {
            if (c !== 0x2c) return fail(`unexpected character after element ${index} (line ${line})`);
            state = 'beforeElement';
            sawComma = true;
            break;
          }
          // An element begins.
          state = 'element';
          elementLine = line;
          pieceStart = i;
          if (c === 0x7b || c === 0x5b) {
            depth = 1;
            maxDepthSeen = 1;
          } else if (c === 0x22) inString = true;
          else primitive = true;
          break;
        case 'element':
          if (inString) {
            if (escaped) escaped = false;
            else if (c === 0x5c) escaped = true;
            else if (c === 0x22) {
              inString = false;
              if (depth === 0) {
                keep(i + 1);
                finish();
              }
            }
            break;
          }
          if (primitive) {
            if (c === 0x2c || c === 0x5d || WS.has(c)) {
              keep(i);
              finish();
              // The delimiter that ended the primitive, read as state afterElement would.
              if (c === 0x2c) {
                state = 'beforeElement';
                sawComma = true;
              } else if (c === 0x5d) state = 'done';
            }
            break;
          }
          if (c === 0x22) inString = true;
          else if (c === 0x7b || c === 0x5b) {
            depth += 1;
            if (depth > maxDepthSeen) maxDepthSeen = depth;
          } else if (c === 0x7d || c === 0x5d) {
            depth -= 1;
            if (depth === 0) {
              keep(i + 1);
              finish();
            }
          }
          break;
        case 'done':
          if (!WS.has(c)) return fail(`data after the end of the array (line ${line})`);
          break;
      }
      if (stop) return summary;
      i += 1;
    }
    if (now() === 'element') keep(text.length);
  }
  if (now() === 'element' && primitive) finish();
  if (now() !== 'done')
    return fail(now() === 'start' ? 'empty document: not a JSON array' : 'the JSON array breaks off (truncated)');
  return summary;
}
