import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { ListPager } from './ListPager';

afterEach(cleanup);

describe('ListPager', () => {
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('shows nothing for one page, else "Page N of M" with the count, and goes back and on', () => {
    const { container, rerender } = render(
      <ListPager
        page={0}
        size={20}
        total={20}
        previous="Previous"
        next="Next"
        counted="devices"
        onPrevious={null}
        onNext={null}
      />,
    );
    expect(container.textContent).toBe('');
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    rerender(
      <ListPager
        page={1}
        size={20}
        total={45}
        previous="Newer"
        next="Older"
        counted="devices"
        onPrevious={onPrevious}
        onNext={onNext}
      />,
    );
    expect(screen.getByText('Page 2 of 3 (45 devices)')).toBeTruthy();
    fireEvent.click(button('Older'));
    fireEvent.click(button('Newer'));
    expect([onPrevious.mock.calls.length, onNext.mock.calls.length]).toEqual([1, 1]);
    rerender(
      <ListPager page={2} size={20} total={45} previous="Newer" next="Older" onPrevious={onPrevious} onNext={null} />,
    );
    expect(button('Older').disabled).toBe(true);
    expect(button('Newer').disabled).toBe(false);
  });

  it('reads "M+" for a capped count and goes on past it, the page number alone, with no dead end', () => {
    const { rerender } = render(
      <ListPager
        page={0}
        size={20}
        total={10_000}
        totalCapped
        previous="Previous"
        next="Next"
        counted="devices"
        onPrevious={null}
        onNext={() => {}}
      />,
    );
    expect(screen.getByText('Page 1 of 500+ (10,000+ devices)')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    rerender(
      <ListPager
        page={499}
        size={20}
        total={10_000}
        totalCapped
        previous="Previous"
        next="Next"
        onPrevious={() => {}}
        onNext={() => {}}
      />,
    );
    expect(screen.getByText('Page 500 of 500+')).toBeTruthy();
    expect(button('Next').disabled).toBe(false);
    rerender(
      <ListPager
        page={731}
        size={20}
        total={10_000}
        totalCapped
        previous="Previous"
        next="Next"
        counted="devices"
        onPrevious={() => {}}
        onNext={() => {}}
      />,
    );
    expect(screen.getByText('Page 732 (10,000+ devices)')).toBeTruthy();
    expect(screen.queryByText(/Pages end here/)).toBeNull();
  });
});
