import { IllustrationFrame } from './IllustrationFrame';
import { ACCENT, Laptop } from './shapes';

/** Step 11: the collected data going up to the inspection service. */
export function UploadingDataIllustration() {
  return (
    <IllustrationFrame label="The collected data being uploaded securely">
      <Laptop x={20} y={40} />
      <path d="M100 50a12 12 0 0 1 4 -23a16 16 0 0 1 30 4a10 10 0 0 1 2 19z" fill="var(--collector-surface)" />
      <path d="M118 62v-24m-7 7l7 -7l7 7" stroke={ACCENT} strokeWidth={2.5} />
      <path d="M34 58l6 -6l6 6M40 52v12" stroke={ACCENT} strokeWidth={1.5} />
    </IllustrationFrame>
  );
}
