import { IllustrationFrame } from './IllustrationFrame';
import { ACCENT, AppWindow } from './shapes';

/** Step 1: the downloaded installer in the Downloads folder. */
export function OpenDownloadIllustration() {
  return (
    <IllustrationFrame label="The installer file in the Downloads folder">
      <AppWindow />
      <path d="M30 36h22M30 46h18M30 56h20" strokeWidth={1.5} />
      <path d="M70 34h22l8 8v34H70z" />
      <path d="M92 34v8h8" />
      <path d="M85 48v16m-6 -6l6 6l6 -6" stroke={ACCENT} strokeWidth={2.5} />
      <path d="M78 70h14" stroke={ACCENT} strokeWidth={2.5} />
      <path d="M112 40h18M112 50h14" strokeWidth={1.5} />
    </IllustrationFrame>
  );
}
