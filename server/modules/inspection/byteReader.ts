/**
 * Pull-based reads of exact byte counts over an async chunk source, without concatenating
 * more than what one read asks for (the queue holds the source's own chunks).
 */
export class ByteReader {
  private readonly chunks: Buffer[] = [];
  private head = 0;
  private buffered = 0;
  private ended = false;
  /** Bytes handed out or skipped so far. */
  consumed = 0;

  constructor(private readonly source: AsyncIterator<Uint8Array>) {}

  get available(): number {
    return this.buffered;
  }

  /** Buffers at least `n` bytes; false when the source ends first. */
  async fill(n: number): Promise<boolean> {
    while (this.buffered < n) {
      if (this.ended) return false;
      const next = await this.source.next();
      if (next.done) {
        this.ended = true;
        return false;
      }
      const chunk = Buffer.from(next.value.buffer, next.value.byteOffset, next.value.byteLength);
      if (chunk.length === 0) continue;
      this.chunks.push(chunk);
      this.buffered += chunk.length;
    }
    return true;
  }

  /** Takes `n` buffered bytes (call `fill(n)` first). */
  take(n: number): Buffer {
    if (n > this.buffered) throw new RangeError('take() past the buffered bytes');
    const first = this.chunks[0];
    let out: Buffer;
    if (first && first.length - this.head >= n) {
      out = first.subarray(this.head, this.head + n);
      this.advance(n);
    } else {
      out = Buffer.allocUnsafe(n);
      let written = 0;
      while (written < n) {
        const chunk = this.chunks[0]!;
        const part = Math.min(chunk.length - this.head, n - written);
        chunk.copy(out, written, this.head, this.head + part);
        written += part;
        this.advance(part);
      }
    }
    return out;
  }

  /** Takes up to `max` bytes as they come, at most one source chunk at a time; null at the end. */
  async takeSome(max: number): Promise<Buffer | null> {
    if (this.buffered === 0 && !(await this.fill(1))) return null;
    const first = this.chunks[0]!;
    const n = Math.min(max, first.length - this.head);
    const out = first.subarray(this.head, this.head + n);
    this.advance(n);
    return out;
  }

  private advance(n: number): void {
    this.head += n;
    this.buffered -= n;
    this.consumed += n;
    while (this.chunks.length > 0 && this.head >= this.chunks[0]!.length) {
      this.head -= this.chunks[0]!.length;
      this.chunks.shift();
    }
  }
}
