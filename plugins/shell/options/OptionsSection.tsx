import { Button, FormGroup, HTMLSelect, SegmentedControl } from '@blueprintjs/core';
import { useState } from 'react';

import { DEFAULT_DATE_FORMAT, US_DATE_FORMAT } from '@core/locale/DefaultLocaleService';
import { LocaleServiceToken } from '@core/locale/LocaleService';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useObservable, useService } from '@core/react';
import { ThemeServiceToken } from '@core/theme/ThemeService';

import { ChangePasswordForm } from './ChangePasswordForm';
import { TimeZonePicker } from './TimeZonePicker';

const DATE_FORMATS = [US_DATE_FORMAT, DEFAULT_DATE_FORMAT] as const;

/**
 * *options*: change password (folded until asked for), time zone, date format and theme. The
 * choices are stored by the locale and theme services (spec §3/§4) and apply at once; the
 * sample date under the format shows the effect before the menu closes.
 */
export default function OptionsSection() {
  const locale = useService(LocaleServiceToken);
  const theme = useService(ThemeServiceToken);
  const format = useObservable(locale.dateFormat$, locale.dateFormat());
  const currentTheme = useObservable(theme.theme$, theme.theme());
  const formatDate = useDateTimeFormatter();
  const [changing, setChanging] = useState(false);
  const [now] = useState(() => Date.now());

  return (
    <div className="shell-section" data-testid="options-section">
      {changing ? (
        <ChangePasswordForm onDone={() => setChanging(false)} />
      ) : (
        <Button
          variant="outlined"
          fill
          text="Change password"
          onClick={() => setChanging(true)}
          data-testid="change-password-open"
        />
      )}
      <TimeZonePicker />
      <FormGroup
        label="Date format"
        labelFor="shell-date-format"
        helperText={<span data-testid="date-sample">{formatDate(now)}</span>}
      >
        <HTMLSelect
          id="shell-date-format"
          fill
          value={format}
          options={DATE_FORMATS.map((f) => ({ value: f, label: f }))}
          onChange={(event) => locale.setDateFormat(event.currentTarget.value)}
        />
      </FormGroup>
      <FormGroup label="Theme">
        <SegmentedControl
          aria-label="Theme"
          fill
          small
          value={currentTheme}
          options={[
            { label: 'Light', value: 'light' },
            { label: 'Dark', value: 'dark' },
          ]}
          onValueChange={(value) => theme.set(value as 'light' | 'dark')}
        />
      </FormGroup>
    </div>
  );
}
