import { Intent, Tag } from '@blueprintjs/core';

import type { MacRisk } from '../../api/listMacs';

const INTENT: Record<MacRisk, Intent> = {
  high: Intent.DANGER,
  medium: Intent.WARNING,
  low: Intent.PRIMARY,
  none: Intent.SUCCESS,
};
const TEXT: Record<MacRisk, string> = { high: 'High', medium: 'Medium', low: 'Low', none: 'Nothing found' };

/** A Mac's or a heuristic's level in words and colour. */
export function RiskTag({ risk }: { risk: MacRisk }) {
  return (
    <Tag intent={INTENT[risk]} className="electron-risk" data-risk={risk}>
      {TEXT[risk]}
    </Tag>
  );
}
