import { IllustrationFrame } from './IllustrationFrame';
import { ACCENT, AppWindow, Pointer } from './shapes';

/** Step 2: the installer's window and its Continue button. */
export function RunInstallerIllustration() {
  return (
    <IllustrationFrame label="The installer window with its Continue button">
      <AppWindow />
      <path d="M32 38h4M32 48h4M32 58h4" strokeWidth={3} stroke={ACCENT} />
      <path d="M44 38h40M44 48h32M44 58h36" strokeWidth={1.5} />
      <rect x={98} y={66} width={32} height={12} rx={3} fill={ACCENT} stroke="none" />
      <path d="M106 72h16" stroke="var(--collector-on-accent)" strokeWidth={1.5} />
      <Pointer x={120} y={72} />
    </IllustrationFrame>
  );
}
