import { useEffect } from 'react';

/** The suite's name after each page's own title in the browser tab ("Gluon · Console"). */
export const PAGE_TITLE_SUFFIX = 'Console';

export function pageTitle(title: string | null | undefined): string {
  return title ? `${title} · ${PAGE_TITLE_SUFFIX}` : PAGE_TITLE_SUFFIX;
}

/**
 * Sets the tab's title while the caller is mounted (spec §2 has none; a mature console names
 * each route: "Sign in", "Gluon"...). The page (or the shell, for product pages) calls it with
 * its own title; the last caller wins, nothing is restored on unmount because the next page sets its own.
 */
export function usePageTitle(title: string | null | undefined): void {
  useEffect(() => {
    document.title = pageTitle(title);
  }, [title]);
}
