import { CogIcon, EnvelopeIcon, IdNumberIcon, KeyIcon, LightbulbIcon } from '@blueprintjs/icons';
import type { ReactElement } from 'react';

const ICONS: Record<string, ReactElement> = {
  options: <CogIcon />,
  'two-factor': <KeyIcon />,
  passkeys: <IdNumberIcon />,
  contact: <EnvelopeIcon />,
  'feature-request': <LightbulbIcon />,
};

/**
 * The icon of a menu entry; a section without one gets an empty 16 px box, so every label
 * starts at the same place with or without an icon.
 */
export function sectionIcon(id: string): ReactElement {
  return ICONS[id] ?? <span className="shell-menu-icon-blank" aria-hidden="true" />;
}
