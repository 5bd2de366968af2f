import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { Pager } from './Pager';

afterEach(cleanup);

describe('Pager', () => {
  const button = (name: string) => screen.getByRole('button', { name }) as HTMLButtonElement;

  it('reads "first–last of total" and goes back and on, disabled at the ends', () => {
    const onPrevious = vi.fn();
    const onNext = vi.fn();
    const { rerender } = render(<Pager page={1} size={20} total={45} onPrevious={onPrevious} onNext={onNext} />);
    expect(screen.getByText('21–40 of 45')).toBeTruthy();
    fireEvent.click(button('Next'));
    fireEvent.click(button('Previous'));
    expect([onPrevious.mock.calls.length, onNext.mock.calls.length]).toEqual([1, 1]);
    rerender(<Pager page={2} size={20} total={45} onPrevious={onPrevious} onNext={null} />);
    expect(screen.getByText('41–45 of 45')).toBeTruthy();
    expect(button('Next').disabled).toBe(true);
    expect(button('Previous').disabled).toBe(false);
  });

  it('says "10,000+" for a capped count and goes on past it, with no dead end', () => {
    const { rerender } = render(
      <Pager page={0} size={50} total={10_000} totalCapped shown={50} onPrevious={null} onNext={() => {}} />,
    );
    expect(screen.getByText('1–50 of 10,000+')).toBeTruthy();
    expect(button('Previous').disabled).toBe(true);
    rerender(
      <Pager page={199} size={50} total={10_000} totalCapped shown={50} onPrevious={() => {}} onNext={() => {}} />,
    );
    expect(screen.getByText('9,951–10,000 of 10,000+')).toBeTruthy();
    expect(button('Next').disabled).toBe(false);
    rerender(<Pager page={412} size={50} total={10_000} totalCapped shown={7} onPrevious={() => {}} onNext={null} />);
    expect(screen.getByText('20,601–20,607 of more than 10,000')).toBeTruthy();
    expect(screen.queryByText(/Pages end here/)).toBeNull();
  });
});
