import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Classes } from '../common/classes';
import { OrSeparator } from './OrSeparator';

afterEach(cleanup);

describe('OrSeparator', () => {
  it("is a separator named and labelled 'OR' by default", () => {
    render(<OrSeparator />);
    const rule = screen.getByRole('separator', { name: 'OR' });
    expect(rule.classList.contains(Classes.OR_SEPARATOR)).toBe(true);
    expect(rule.textContent).toBe('OR');
  });

  it('takes the word of the page it stands on', () => {
    render(<OrSeparator label="ODER" />);
    expect(screen.getByRole('separator', { name: 'ODER' }).textContent).toBe('ODER');
  });
});
