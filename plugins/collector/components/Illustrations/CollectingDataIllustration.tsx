import { IllustrationFrame } from './IllustrationFrame';
import { ACCENT, AppWindow, Phone } from './shapes';

/** Step 10: the collection in progress, the device still connected. */
export function CollectingDataIllustration() {
  return (
    <IllustrationFrame label="The data being collected from the connected device">
      <AppWindow />
      <Phone x={34} y={30} />
      <path d="M74 44h6M86 44h6M98 44h6" stroke={ACCENT} strokeWidth={3} />
      <rect x={74} y={58} width={52} height={8} rx={4} />
      <rect x={74} y={58} width={32} height={8} rx={4} fill={ACCENT} stroke="none" />
    </IllustrationFrame>
  );
}
