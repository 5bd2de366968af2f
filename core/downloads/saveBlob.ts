/** File name from `Content-Disposition` (RFC 6266 `filename*` first), or null. */
export function fileNameFromContentDisposition(header: unknown): string | null {
  if (typeof header !== 'string') return null;
  const extended = /filename\*\s*=\s*(?:UTF-8|utf-8)?'[^']*'([^;]+)/.exec(header);
  if (extended?.[1]) {
    try {
      return sanitizeFileName(decodeURIComponent(extended[1].trim().replace(/^"|"$/g, '')));
    } catch {
      // fall back to the plain parameter
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const value = plain?.[2] ?? plain?.[1];
  return value ? sanitizeFileName(value.trim()) : null;
}

/** No directories in a saved name; browsers strip them too, but the name is also shown. */
function sanitizeFileName(name: string): string | null {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  return base && base !== '.' && base !== '..' ? base : null;
}

/** Hands a blob to the browser's download mechanism. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.rel = 'noopener';
  anchor.style.display = 'none';
  document.body.appendChild(anchor);
  anchor.click();
  anchor.remove();
  // Revoke later: some browsers start reading the URL after click() returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
