// Runtime side of the `chunk-css` build plugin: a lazily loaded chunk brings its own styles.
const injected = new Set();

export function injectStyle(css, id) {
  if (injected.has(id) || typeof document === 'undefined') return;
  injected.add(id);
  const style = document.createElement('style');
  style.dataset.chunkCss = id;
  style.textContent = css;
  document.head.appendChild(style);
}
