import { Classes } from '@blueprintjs/core';

import { copyrightText, FOOTER_LINKS } from './footerLinks';

export interface LoginFooterProps {
  /** Year of the copyright line; the current year by default (tests pin it). */
  year?: number;
}

/** Copyright, privacy, terms, security and support links under the sign-in card. */
export function LoginFooter({ year = new Date().getFullYear() }: LoginFooterProps) {
  return (
    <footer className={`login-footer ${Classes.TEXT_SMALL}`}>
      <span className={Classes.TEXT_MUTED}>{copyrightText(year)}</span>
      <nav aria-label="Legal">
        {FOOTER_LINKS.map((link) => (
          <a key={link.label} href={link.href} target="_blank" rel="noopener noreferrer">
            {link.label}
          </a>
        ))}
      </nav>
    </footer>
  );
}
