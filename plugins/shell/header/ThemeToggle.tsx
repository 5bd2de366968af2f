import { Button } from '@blueprintjs/core';
import { FlashIcon, MoonIcon } from '@blueprintjs/icons';

import { useObservable, useService } from '@core/react';
import { ThemeServiceToken } from '@core/theme/ThemeService';

/** Light / dark switch; the ThemeService persists the choice in `jetp-theme`. */
export default function ThemeToggle() {
  const theme = useService(ThemeServiceToken);
  const current = useObservable(theme.theme$, theme.theme());
  const label = current === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    // A native title, not Blueprint's Tooltip: the tooltip's positioning library alone weighed
    // ~16 KiB brotli on every signed-in first load (tests/signedInBudget.test.ts).
    <Button
      variant="minimal"
      aria-label={label}
      title={label}
      data-testid="theme-toggle"
      icon={current === 'dark' ? <FlashIcon /> : <MoonIcon />}
      onClick={() => theme.toggle()}
    />
  );
}
