import { useCallback, useSyncExternalStore } from 'react';

/** "Medium" of the spec's "medium and wider screens": the usual tablet breakpoint. */
export const MEDIUM_SCREEN_PX = 768;

/** True while the window is at least `minWidth` pixels wide; follows resizes. */
export function useMinWidth(minWidth: number = MEDIUM_SCREEN_PX): boolean {
  const media = `(min-width: ${minWidth}px)`;
  const read = useCallback(
    () => (typeof window.matchMedia === 'function' ? window.matchMedia(media).matches : window.innerWidth >= minWidth),
    [media, minWidth],
  );
  const subscribe = useCallback(
    (onChange: () => void) => {
      // matchMedia where the browser has it; resize too, for environments without it (jsdom).
      const list = typeof window.matchMedia === 'function' ? window.matchMedia(media) : null;
      list?.addEventListener?.('change', onChange);
      window.addEventListener('resize', onChange);
      return () => {
        list?.removeEventListener?.('change', onChange);
        window.removeEventListener('resize', onChange);
      };
    },
    [media],
  );
  return useSyncExternalStore(subscribe, read, () => true);
}
