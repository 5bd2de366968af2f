import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { Classes } from '../common/classes';
import { PublicPage } from './PublicPage';

afterEach(cleanup);

describe('PublicPage', () => {
  it('puts the content in a card of the given width, the footer under it', () => {
    render(
      <PublicPage width={480} cardClassName="own-card" footer={<footer>links</footer>}>
        <h1>Title</h1>
      </PublicPage>,
    );
    const card = screen.getByRole('heading', { name: 'Title' }).parentElement!;
    expect(card.classList.contains(Classes.PUBLIC_PAGE_CARD)).toBe(true);
    expect(card.classList.contains('own-card')).toBe(true);
    expect(card.style.maxWidth).toBe('480px');
    // The host's frame is the page's one <main>: a page inside it is no second one.
    expect(screen.queryByRole('main')).toBeNull();
    const page = card.parentElement!;
    expect(page.classList.contains(Classes.PUBLIC_PAGE)).toBe(true);
    expect(page.lastElementChild!.textContent).toBe('links');
  });

  it('shows the content without a card when asked', () => {
    render(
      <PublicPage card={false}>
        <p role="note">Too narrow</p>
      </PublicPage>,
    );
    expect(screen.getByRole('note').parentElement!.classList.contains(Classes.PUBLIC_PAGE)).toBe(true);
    expect(document.querySelector(`.${Classes.PUBLIC_PAGE_CARD}`)).toBeNull();
  });
});
