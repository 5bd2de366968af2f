import { IllustrationFrame } from './IllustrationFrame';
import { AppWindow, CheckBadge } from './shapes';

/** Step 12: done; the device may be disconnected. */
export function InspectionDoneIllustration() {
  return (
    <IllustrationFrame label="The connector showing that the inspection is done">
      <AppWindow />
      <CheckBadge cx={80} cy={52} r={16} />
      <path d="M60 78h40" strokeWidth={1.5} />
    </IllustrationFrame>
  );
}
