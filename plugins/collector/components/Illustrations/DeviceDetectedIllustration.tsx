import { IllustrationFrame } from './IllustrationFrame';
import { ACCENT, CheckBadge, Laptop, Phone } from './shapes';

/** Step 8: the device connected by cable and recognised. */
export function DeviceDetectedIllustration() {
  return (
    <IllustrationFrame label="The mobile device connected to the computer and detected">
      <Laptop x={22} y={24} />
      <path d="M38 40h38M38 50h26" strokeWidth={1.5} />
      <Phone x={116} y={26} />
      <path d="M131 80c0 10 -20 10 -30 4s-8 -10 -13 -10" stroke={ACCENT} />
      <CheckBadge cx={142} cy={28} />
    </IllustrationFrame>
  );
}
