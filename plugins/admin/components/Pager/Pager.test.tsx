import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Pager } from './Pager';

afterEach(cleanup);

describe('Pager', () => {
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('reads "first–last of total" and pages by one', () => {
    const onPage = vi.fn();
    render(<Pager page={1} size={20} total={45} onPage={onPage} />);
    expect(screen.getByText('21–40 of 45')).toBeTruthy();
    fireEvent.click(button('Next'));
    fireEvent.click(button('Previous'));
    expect(onPage.mock.calls).toEqual([[2], [0]]);
    expect(screen.queryByText(/Pages end here/)).toBeNull();
  });

  it('says "10,000+" for a capped count and, on its last page, how to reach older rows', () => {
    const { rerender } = render(<Pager page={0} size={50} total={10_000} totalCapped onPage={() => {}} />);
    expect(screen.getByText('1–50 of 10,000+')).toBeTruthy();
    expect(screen.queryByText(/Pages end here/)).toBeNull();
    rerender(<Pager page={199} size={50} total={10_000} totalCapped onPage={() => {}} />);
    expect(screen.getByText('9,951–10,000 of 10,000+')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(screen.getByText('Pages end here: narrow the filter to see older rows.')).toBeTruthy();
  });
});
