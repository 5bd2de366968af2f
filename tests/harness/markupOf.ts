/**
 * An element's inner markup with style attributes as the DOM writes them (react-dom/server's
 * have no spaces): what a document copy and the live page's first render are compared by.
 */
export function markupOf(element: Element): string {
  const clone = element.cloneNode(true) as Element;
  for (const styled of clone.querySelectorAll<HTMLElement>('[style]'))
    styled.setAttribute('style', styled.style.cssText);
  return clone.innerHTML;
}
