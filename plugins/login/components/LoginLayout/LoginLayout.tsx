import './LoginLayout.css';

import { Card, Classes, Elevation, H1 } from '@blueprintjs/core';
import type { ReactNode } from 'react';

import { LoginFooter } from '../LoginFooter/LoginFooter';

export interface LoginLayoutProps {
  /** The card's heading: the current step's title. */
  title: string;
  /** The card's body under the heading. */
  children: ReactNode;
}

/**
 * The frame of /login: the card with its heading, and the footer under it. Shared by the page and
 * by the copy of the sign-in step the document carries before the code runs (prerender/), so
 * both are the same markup.
 */
export function LoginLayout({ title, children }: LoginLayoutProps) {
  return (
    <div className="login-page">
      <Card elevation={Elevation.TWO} className="login-card">
        <H1 className={`login-title ${Classes.HEADING}`}>{title}</H1>
        {children}
      </Card>
      <LoginFooter />
    </div>
  );
}
