/**
 * Writes each body cell's column header as its `data-label` (the card layout shows it as
 * "label: value" below 600 px). Done on the DOM once for every table in a TableScroll, so no page
 * repeats its headers per cell; a column spanned by `colSpan` takes the header it starts under.
 * A cell that already has a `data-label` of its own (a page that names it better) keeps it.
 */
/** A header's words without what it hides from readers (a sort arrow is not part of the label). */
function visibleWords(th: HTMLElement): string {
  if (!th.querySelector('[aria-hidden="true"]')) return th.textContent ?? '';
  const copy = th.cloneNode(true) as HTMLElement;
  for (const hidden of copy.querySelectorAll('[aria-hidden="true"]')) hidden.remove();
  return copy.textContent ?? '';
}

export function labelCells(root: HTMLElement): void {
  for (const table of root.querySelectorAll('table')) {
    const headerRow = table.tHead?.rows[table.tHead.rows.length - 1];
    if (!headerRow) continue;
    const labels: string[] = [];
    for (const th of headerRow.cells) {
      const text = (th.getAttribute('aria-label') ?? visibleWords(th)).trim();
      for (let i = 0; i < Math.max(1, th.colSpan); i += 1) labels.push(i === 0 ? text : '');
    }
    for (const body of table.tBodies) {
      for (const row of body.rows) {
        let column = 0;
        for (const cell of row.cells) {
          // A cell across the whole row (an expanded detail, a group heading) is not one column's value.
          const label = cell.colSpan >= labels.length ? '' : (labels[column] ?? '');
          column += Math.max(1, cell.colSpan);
          if (cell.dataset.zoOwnLabel !== undefined) continue;
          if (cell.getAttribute('data-label') !== label) cell.setAttribute('data-label', label);
        }
      }
    }
  }
}
