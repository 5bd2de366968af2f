import { useEffect, useState } from 'react';

/** An object URL for the blob while it is shown; revoked when the blob changes or the component goes. */
export function useObjectUrl(blob: Blob | null): string | null {
  const [entry, setEntry] = useState<{ blob: Blob; url: string } | null>(null);
  useEffect(() => {
    if (!blob) return undefined;
    const url = URL.createObjectURL(blob);
    setEntry({ blob, url });
    return () => URL.revokeObjectURL(url);
  }, [blob]);
  // Never an URL of a previous (revoked) blob.
  return entry && entry.blob === blob ? entry.url : null;
}
