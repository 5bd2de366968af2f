/**
 * A document carrying a first-screen copy links only the first screens' part of the stylesheet,
 * marked with the whole sheet's address (server/plugins/staticAssets.ts, decision 0030). The whole
 * sheet goes in right after that link, at start: a script-inserted stylesheet does not hold back
 * the paint that is already there, and the cascade with both is the whole sheet's, since it
 * repeats the subset's rules in their own places. Any other document already has the whole sheet.
 */
export function addWholeStylesheet(doc: Document): HTMLLinkElement | null {
  const subset = doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"][data-whole-sheet]');
  const href = subset?.dataset.wholeSheet;
  if (!subset || !href || !/^\/[\w.-]+\.css$/.test(href)) return null;
  const link = doc.createElement('link');
  link.rel = 'stylesheet';
  link.href = href;
  subset.after(link);
  return link;
}
