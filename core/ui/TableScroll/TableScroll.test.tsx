import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Classes } from '../common/classes';
import { TableScroll } from './TableScroll';

afterEach(cleanup);

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
});
