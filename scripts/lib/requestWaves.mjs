// Shared by npm run bench:web and the end-to-end check of the first wave (e2e/runtime).

/**
 * Script request waves before `until` (resource timing entries): a request opens a new wave when
 * it starts after a script of the current wave has arrived, i.e. it could only have been
 * discovered by running something. One wave = everything was asked for at once.
 *
 * `announced` holds the paths the document itself names (its script tags and modulepreload
 * links). Those count as asked for at once even when they start late: over HTTP/1.1 the browser
 * opens at most six connections to a host and queues the rest behind the first answers, which
 * is a connection limit, not a discovery that needed a script to run.
 */
export function scriptWaves(scripts, until = Infinity, announced = new Set()) {
  const before = scripts
    .filter((entry) => entry.startTime <= until)
    .map((entry) => (announced.has(entry.name) ? { ...entry, startTime: 0 } : entry))
    .sort((a, b) => a.startTime - b.startTime);
  let waves = 0;
  let firstArrival = -Infinity;
  for (const entry of before) {
    if (waves === 0 || entry.startTime > firstArrival) {
      waves += 1;
      firstArrival = entry.responseEnd;
    } else {
      firstArrival = Math.min(firstArrival, entry.responseEnd);
    }
  }
  return waves;
}

/**
 * Runs in the page before anything else (addInitScript): records in `window[key]` (by default
 * `__benchReady`) when the first element matching `selector` is visible (outside the host's
 * loading state). Takes the selector, or `{ selector, key }`: addInitScript passes one argument.
 */
export function watchReady(options) {
  const { selector, key = '__benchReady' } = typeof options === 'string' ? { selector: options } : options;
  const visible = (element) => {
    if (element.closest('.host-page-loading')) return false;
    const box = element.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(element).visibility !== 'hidden';
  };
  const check = () => {
    if (window[key] !== undefined) return;
    for (const element of document.querySelectorAll(selector)) {
      if (visible(element)) {
        window[key] = performance.now();
        return;
      }
    }
    requestAnimationFrame(check);
  };
  new MutationObserver(check).observe(document, { childList: true, subtree: true, attributes: true });
  check();
}

/**
 * The same selector, matched only once the live page has replaced the document's prerendered
 * copy of its first screen (`#root[data-prerendered]`, server/plugins/staticAssets.ts).
 */
export function liveSelector(selector) {
  return selector
    .split(',')
    .map((part) => `#root:not([data-prerendered]) ${part.trim()}`)
    .join(', ');
}

/** The script paths a document's HTML names: `<script src>` and `<link rel="modulepreload">`. */
export function announcedScripts(html, origin) {
  const paths = new Set();
  for (const match of html.matchAll(/<(?:script[^>]*\ssrc|link[^>]*rel="modulepreload"[^>]*\shref)="([^"]+)"/g)) {
    paths.add(new URL(match[1], origin).pathname);
  }
  return paths;
}
