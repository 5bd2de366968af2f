import { IllustrationFrame } from './IllustrationFrame';
import { ACCENT, AppWindow, Phone, Pointer } from './shapes';

/** Step 9: the connector's Start button. */
export function StartInspectionIllustration() {
  return (
    <IllustrationFrame label="The connector's Start inspection button">
      <AppWindow />
      <Phone x={34} y={30} />
      <path d="M78 38h44M78 48h30" strokeWidth={1.5} />
      <rect x={78} y={60} width={46} height={14} rx={4} fill={ACCENT} stroke="none" />
      <path d="M96 63.5l7 3.5l-7 3.5z" fill="var(--collector-on-accent)" stroke="none" />
      <Pointer x={110} y={68} />
    </IllustrationFrame>
  );
}
