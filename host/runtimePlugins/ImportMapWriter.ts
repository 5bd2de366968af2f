import type { RuntimeImportMap } from './RuntimePluginsApi';

/**
 * Adds the runtime answer's import map to the document. A page may hold several import maps (the
 * browser merges them), but an entry it has seen cannot change, so each map holds only what is
 * new: the shared names once, then each newly granted asset's integrity. The script carries the
 * document's CSP nonce (the API puts one on every script tag; `.nonce` still reads it after the
 * browser hides the attribute).
 */
export class ImportMapWriter {
  private readonly imports = new Set<string>();
  private readonly integrity = new Set<string>();

  constructor(private readonly doc: Document) {}

  /** Returns the map written, or null when everything in `map` was there already. */
  write(map: RuntimeImportMap): RuntimeImportMap | null {
    const imports = Object.fromEntries(Object.entries(map.imports).filter(([name]) => !this.imports.has(name)));
    const integrity = Object.fromEntries(
      Object.entries(map.integrity ?? {}).filter(([url]) => !this.integrity.has(url)),
    );
    if (Object.keys(imports).length === 0 && Object.keys(integrity).length === 0) return null;
    const script = this.doc.createElement('script');
    script.type = 'importmap';
    const nonce = this.doc.querySelector<HTMLScriptElement>('script[nonce]')?.nonce;
    if (nonce) script.nonce = nonce;
    const written: RuntimeImportMap = { imports, integrity };
    script.textContent = JSON.stringify(written);
    this.doc.head.appendChild(script);
    for (const name of Object.keys(imports)) this.imports.add(name);
    for (const url of Object.keys(integrity)) this.integrity.add(url);
    return written;
  }
}
