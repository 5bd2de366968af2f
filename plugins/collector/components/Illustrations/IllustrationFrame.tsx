import type { ReactNode } from 'react';

export interface IllustrationFrameProps {
  /** What the picture shows, for screen readers. */
  label: string;
  children: ReactNode;
}

/**
 * The 160×100 canvas of every how-to picture. Lines use `currentColor` and the accents come from
 * CSS variables (HowToGuide.css), so the pictures follow the light and dark themes.
 */
export function IllustrationFrame({ label, children }: IllustrationFrameProps) {
  return (
    <svg
      className="collector-illustration"
      viewBox="0 0 160 100"
      width="160"
      height="100"
      role="img"
      aria-label={label}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      {children}
    </svg>
  );
}
