import { Button, Tooltip } from '@blueprintjs/core';
import { FlashIcon, MoonIcon } from '@blueprintjs/icons';
import { useObservable, useService } from '@core/react';
import { ThemeServiceToken } from '@core/theme/ThemeService';

/** Light / dark switch; the ThemeService persists the choice in `jetp-theme`. */
export default function ThemeToggle() {
  const theme = useService(ThemeServiceToken);
  const current = useObservable(theme.theme$, theme.theme());
  const label = current === 'dark' ? 'Switch to light theme' : 'Switch to dark theme';
  return (
    <Tooltip content={label} placement="bottom">
      <Button
        variant="minimal"
        aria-label={label}
        data-testid="theme-toggle"
        icon={current === 'dark' ? <FlashIcon /> : <MoonIcon />}
        onClick={() => theme.toggle()}
      />
    </Tooltip>
  );
}
