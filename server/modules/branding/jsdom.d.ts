// jsdom ships no type declarations; this is the small part the SVG sanitiser uses.
declare module 'jsdom' {
  export class JSDOM {
    constructor(html?: string, options?: { contentType?: string });
    readonly window: Window & typeof globalThis;
  }
}
