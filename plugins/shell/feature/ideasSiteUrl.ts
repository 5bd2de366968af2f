/** Where *feature-request* sends users when nothing else is configured. */
export const DEFAULT_IDEAS_SITE_URL = 'https://ideas.example.com/';

/**
 * The external ideas/support site (configuration, not code): `<meta name="ideas-site-url"
 * content="https://…">` in index.html wins; only https addresses are taken, anything else falls
 * back to the default so a bad value cannot turn into a javascript: link.
 */
export function ideasSiteUrl(doc: Document = document): string {
  const configured = doc.querySelector<HTMLMetaElement>('meta[name="ideas-site-url"]')?.content?.trim();
  if (configured) {
    try {
      const url = new URL(configured);
      if (url.protocol === 'https:') return url.href;
    } catch {
      // not an address: use the default
    }
  }
  return DEFAULT_IDEAS_SITE_URL;
}
