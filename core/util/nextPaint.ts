/**
 * Resolves once the frame being prepared has painted: a task queued from the next animation
 * frame runs after that frame's rendering, so work started then (a request that loads a chunk)
 * comes after the first screen it follows. A hidden tab has no frames: it waits until shown
 * (nothing it starts is seen before). Without animation frames at all (Node) it is the next
 * task. Kept tiny: it is part of /login's first load.
 */
export function nextPaint(): Promise<void> {
  return new Promise((resolve) => {
    const later = () => setTimeout(resolve);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(later);
    else later();
  });
}
