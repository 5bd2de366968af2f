import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListPager } from './ListPager';

afterEach(cleanup);

describe('ListPager', () => {
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('shows nothing for one page, else "Page N of M" with the count and pages by one', () => {
    const { container, rerender } = render(<ListPager page={0} size={20} total={20} previous="Previous" next="Next" counted="devices" onPage={() => {}} />);
    expect(container.textContent).toBe('');
    const onPage = vi.fn();
    rerender(<ListPager page={1} size={20} total={45} previous="Newer" next="Older" counted="devices" onPage={onPage} />);
    expect(screen.getByText('Page 2 of 3 (45 devices)')).toBeTruthy();
    fireEvent.click(button('Older'));
    fireEvent.click(button('Newer'));
    expect(onPage.mock.calls).toEqual([[2], [0]]);
  });

  it('reads "M+" for a capped count and, on its last page, how to reach the rest', () => {
    const { rerender } = render(<ListPager page={0} size={20} total={10_000} totalCapped previous="Previous" next="Next" counted="devices" onPage={() => {}} />);
    expect(screen.getByText('Page 1 of 500+ (10,000+ devices)')).toBeTruthy();
    expect(screen.queryByText(/Pages end here/)).toBeNull();
    rerender(<ListPager page={499} size={20} total={10_000} totalCapped previous="Previous" next="Next" onPage={() => {}} />);
    expect(screen.getByText('Page 500 of 500+')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(screen.getByText('Pages end here: search or narrow the list to see the rest.')).toBeTruthy();
  });
});
