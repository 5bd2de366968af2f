/**
 * An SQLite database with its write-ahead log applied, as SQLite itself would read it: the frames
 * of each committed transaction (salts of the log's header, running checksums valid) replace their
 * pages; frames after the last commit, or after the first bad checksum, are ignored. syspolicyd
 * keeps ExecPolicy in WAL mode, so its newest rows (the latest runs) are often only in the -wal
 * Aftermath copies beside it; sql.js opens bytes, not a file and its log, hence this.
 */
export interface WalApplied {
  bytes: Uint8Array;
  /** Frames of committed transactions applied. */
  frames: number;
}

const WAL_HEADER = 32;
const FRAME_HEADER = 24;

function checksum(
  data: Uint8Array,
  start: number,
  end: number,
  bigEndian: boolean,
  seed: [number, number],
): [number, number] {
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  let [s0, s1] = seed;
  for (let i = start; i < end; i += 8) {
    s0 = (s0 + view.getUint32(i, !bigEndian) + s1) >>> 0;
    s1 = (s1 + view.getUint32(i + 4, !bigEndian) + s0) >>> 0;
  }
  return [s0, s1];
}

export function applyWal(database: Uint8Array, wal: Uint8Array): WalApplied {
  if (wal.length < WAL_HEADER) return { bytes: database, frames: 0 };
  const w = new DataView(wal.buffer, wal.byteOffset, wal.byteLength);
  const magic = w.getUint32(0);
  if (magic !== 0x377f0682 && magic !== 0x377f0683) throw new Error('not an SQLite write-ahead log');
  const bigEndian = magic === 0x377f0683;
  const pageSize = w.getUint32(8);
  const d = new DataView(database.buffer, database.byteOffset, database.byteLength);
  const dbPageSize = database.length >= 100 ? (d.getUint16(16) === 1 ? 65_536 : d.getUint16(16)) : 0;
  if (pageSize !== dbPageSize)
    throw new Error(`write-ahead log of ${pageSize}-byte pages for a database of ${dbPageSize}`);
  let sum = checksum(wal, 0, 24, bigEndian, [0, 0]);
  // A log whose header fails its checksum is one SQLite would ignore (being reset): so do we.
  if (sum[0] !== w.getUint32(24) || sum[1] !== w.getUint32(28)) return { bytes: database, frames: 0 };
  const salt1 = w.getUint32(16);
  const salt2 = w.getUint32(20);
  const committed = new Map<number, number>();
  const pending = new Map<number, number>();
  let pages = 0;
  let frames = 0;
  for (let at = WAL_HEADER; at + FRAME_HEADER + pageSize <= wal.length; at += FRAME_HEADER + pageSize) {
    if (w.getUint32(at + 8) !== salt1 || w.getUint32(at + 12) !== salt2) break;
    sum = checksum(wal, at, at + 8, bigEndian, sum);
    sum = checksum(wal, at + FRAME_HEADER, at + FRAME_HEADER + pageSize, bigEndian, sum);
    if (sum[0] !== w.getUint32(at + 16) || sum[1] !== w.getUint32(at + 20)) break;
    const page = w.getUint32(at);
    if (page === 0) break;
    pending.set(page, at + FRAME_HEADER);
    const commitPages = w.getUint32(at + 4);
    if (commitPages > 0) {
      for (const [p, offset] of pending) committed.set(p, offset);
      frames += pending.size;
      pending.clear();
      pages = commitPages;
    }
  }
  if (pages === 0) return { bytes: database, frames: 0 };
  // Every page of the result comes from the database or a frame: a larger size is made up, and
  // would have us allocate whatever it claims (the checksums prove nothing against a forger).
  if (pages * pageSize > database.length + wal.length)
    throw new Error(`write-ahead log declares ${pages} pages, more than it and the database hold`);
  const out = new Uint8Array(pages * pageSize);
  out.set(database.subarray(0, Math.min(database.length, out.length)));
  for (const [page, offset] of committed)
    if (page <= pages) out.set(wal.subarray(offset, offset + pageSize), (page - 1) * pageSize);
  // Read back as a rollback-journal database of its new size (no log to look for beside it).
  const o = new DataView(out.buffer);
  out[18] = 1;
  out[19] = 1;
  o.setUint32(28, pages);
  o.setUint32(92, o.getUint32(24));
  return { bytes: out, frames };
}
