import { act, cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Classes } from '../common/classes';
import { TableScroll } from './TableScroll';

const WIDE = window.innerWidth;

function setWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
  window.dispatchEvent(new Event('resize'));
}

afterEach(() => {
  cleanup();
  setWidth(WIDE);
});

/** A table as the products write them: headers, rows with an action, a detail row across the table. */
function Devices({ extra = [] as string[] }) {
  return (
    <TableScroll label="Devices">
      <table aria-label="Devices">
        <thead>
          <tr>
            <th>Name</th>
            <th>
              Last seen <span aria-hidden="true">▲</span>
            </th>
            <th>
              <span>Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {['iPhone 13 Pro', ...extra].map((name) => (
            <tr key={name}>
              <td>{name}</td>
              <td>2026-11-23</td>
              <td>
                <button type="button">Open</button>
              </td>
            </tr>
          ))}
          <tr>
            <td colSpan={3}>Installs of the link</td>
          </tr>
        </tbody>
      </table>
    </TableScroll>
  );
}

describe('TableScroll', () => {
  it('is a labelled region the keyboard can focus, around the table', () => {
    render(
      <TableScroll label="Audit log">
        <table aria-label="Audit" />
      </TableScroll>,
    );
    const region = screen.getByRole('region', { name: 'Audit log' });
    expect(region.tabIndex).toBe(0);
    expect(region.classList.contains(Classes.TABLE_SCROLL)).toBe(true);
    expect(region.contains(screen.getByRole('table', { name: 'Audit' }))).toBe(true);
  });

  it('wide (1,280 px): a table, not cards', () => {
    setWidth(1280);
    render(<Devices />);
    expect(screen.getByRole('region', { name: 'Devices' }).classList.contains(Classes.TABLE_CARDS)).toBe(false);
  });

  it('below 600 px: rows are cards whose cells carry their column header; a cell across the row has none', () => {
    setWidth(375);
    render(<Devices />);
    const region = screen.getByRole('region', { name: 'Devices' });
    expect(region.classList.contains(Classes.TABLE_CARDS)).toBe(true);
    const [row, detail] = within(region).getAllByRole('row').slice(1);
    // A sort arrow hidden from readers is not part of the label.
    expect([...row!.querySelectorAll('td')].map((td) => td.dataset.label)).toEqual(['Name', 'Last seen', 'Actions']);
    // The action stays in its card.
    expect(row!.contains(within(row!).getByRole('button', { name: 'Open' }))).toBe(true);
    expect(detail!.querySelector('td')!.dataset.label).toBe('');
  });

  it('rows added later are labelled too; a phone turned to wide goes back to a table', async () => {
    setWidth(375);
    const { rerender } = render(<Devices />);
    rerender(<Devices extra={['Pixel 8']} />);
    const cell = await screen.findByText('Pixel 8');
    await waitFor(() => expect(cell.dataset.label).toBe('Name'));
    act(() => setWidth(1280));
    await waitFor(() =>
      expect(screen.getByRole('region', { name: 'Devices' }).classList.contains(Classes.TABLE_CARDS)).toBe(false),
    );
  });
});
