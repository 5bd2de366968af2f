/**
 * A size in words for reading, not for downloads: bytes under 1 KB, then KB, MB, GB with one
 * decimal below 10 and none above ("512 B", "1.6 KB", "23 KB", "4.2 MB"). Units of 1024, as the
 * upload limit and the downloads panel count. Downloads keep MB with two decimals (spec §9,
 * `formatMegabytes` in core/downloads).
 */
export function formatSize(bytes: number): string {
  if (!Number.isFinite(bytes) || bytes < 0) return '';
  if (bytes < 1024) return `${Math.round(bytes)} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  // Rounding 1023.96 KB to "1024 KB" reads wrongly: carry it to the next unit.
  if (Math.round(value) >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const text = value < 10 ? value.toFixed(1).replace(/\.0$/, '') : String(Math.round(value));
  return `${text} ${units[unit]}`;
}
