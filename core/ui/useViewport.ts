import { useSyncExternalStore } from 'react';

/** Mobile / wide switch of spec §9: one hook for the host's layout and any plugin (the shell's collapsed header). */
export const MOBILE_BREAKPOINT_PX = 600;
export type Viewport = 'mobile' | 'wide';

const QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 0.02}px)`;

function read(): Viewport {
  if (typeof window === 'undefined') return 'wide';
  if (typeof window.matchMedia === 'function') return window.matchMedia(QUERY).matches ? 'mobile' : 'wide';
  return window.innerWidth < MOBILE_BREAKPOINT_PX ? 'mobile' : 'wide';
}

function subscribe(onChange: () => void): () => void {
  // matchMedia where the browser has it; resize as well, for environments without it (jsdom).
  const media = typeof window.matchMedia === 'function' ? window.matchMedia(QUERY) : null;
  media?.addEventListener?.('change', onChange);
  window.addEventListener('resize', onChange);
  return () => {
    media?.removeEventListener?.('change', onChange);
    window.removeEventListener('resize', onChange);
  };
}

export function useViewport(): Viewport {
  return useSyncExternalStore(subscribe, read, () => 'wide');
}
