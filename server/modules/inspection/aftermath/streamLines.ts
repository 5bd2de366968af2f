/**
 * The lines of a streamed artefact (LF or CRLF, UTF-8), one at a time from its chunks: a file of
 * millions of lines is never held whole. A line longer than `maxLineBytes` comes out as null (the
 * caller counts it) and is never buffered whole: only what follows its last newline is kept.
 */
export async function* streamLines(
  chunks: AsyncIterable<Buffer> | Iterable<Buffer>,
  maxLineBytes: number,
): AsyncGenerator<string | null> {
  let rest: Buffer | null = null;
  let skipping = false;
  const decode = (bytes: Buffer) =>
    bytes.toString('utf8', 0, bytes.length > 0 && bytes[bytes.length - 1] === 13 ? bytes.length - 1 : bytes.length);
  for await (const chunk of chunks) {
    const data: Buffer = rest ? Buffer.concat([rest, chunk]) : chunk;
    let start = 0;
    for (let nl = data.indexOf(10); nl >= 0; nl = data.indexOf(10, start)) {
      const line = data.subarray(start, nl);
      start = nl + 1;
      if (skipping || line.length > maxLineBytes) {
        skipping = false;
        yield null;
      } else yield decode(line);
    }
    const tail = data.subarray(start);
    if (tail.length > maxLineBytes) {
      skipping = true;
      rest = null;
    } else rest = tail.length > 0 ? Buffer.from(tail) : null;
  }
  if (skipping) yield null;
  else if (rest) yield decode(rest);
}
