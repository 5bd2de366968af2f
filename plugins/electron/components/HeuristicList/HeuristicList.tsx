import { Callout, Classes } from '@blueprintjs/core';

import type { MacHeuristic } from '../../api/getMac';
import { RiskTag } from '../RiskTag/RiskTag';

/** What the heuristics found, each with its level, evidence and why it matters. */
export function HeuristicList({ heuristics }: { heuristics: MacHeuristic[] }) {
  if (heuristics.length === 0) return <p className={Classes.TEXT_MUTED}>No heuristic fired on this Mac.</p>;
  return (
    <ul className="electron-heuristics" style={{ listStyle: 'none', padding: 0 }}>
      {heuristics.map((h, i) => (
        <li key={`${h.rule}:${i}`} style={{ marginBottom: 12 }}>
          <Callout title={h.message} icon={null}>
            <p>
              <RiskTag risk={h.level} /> <code>{h.rule}</code> · {h.source}
            </p>
            <p>
              <strong>Why it matters:</strong> {h.why}
            </p>
            <pre className={Classes.CODE_BLOCK} style={{ whiteSpace: 'pre-wrap' }}>
              {h.evidence.join('\n')}
            </pre>
          </Callout>
        </li>
      ))}
    </ul>
  );
}
