import { Button, Callout, Classes, FormGroup, H5, Intent, Tag, TextArea } from '@blueprintjs/core';
import { useState } from 'react';

import { BreakableText } from '@core/ui/BreakableText/BreakableText';

import type { MacHeuristic } from '../../api/getMac';
import { RiskTag } from '../RiskTag/RiskTag';

export interface HeuristicListProps {
  heuristics: MacHeuristic[];
  /** Triage is offered (elc#rpt#rw): mark benign with why, reopen. */
  canTriage?: boolean;
  onTriage?: (key: string, state: 'benign' | 'open', comment?: string) => Promise<string | null>;
}

function BenignForm({ onConfirm, onCancel }: { onConfirm: (why: string) => void; onCancel: () => void }) {
  const [why, setWhy] = useState('');
  return (
    <FormGroup label="Why is it benign?" labelFor="electron-benign-why">
      <TextArea id="electron-benign-why" fill value={why} onChange={(e) => setWhy(e.target.value)} />
      <Button intent={Intent.PRIMARY} disabled={!why.trim()} onClick={() => onConfirm(why.trim())}>
        Confirm
      </Button>{' '}
      <Button onClick={onCancel}>Cancel</Button>
    </FormGroup>
  );
}

/**
 * What the heuristics found, each with its level, evidence and why it matters; one triaged benign
 * says who and why and no longer counts in the Mac's risk.
 */
export function HeuristicList({ heuristics, canTriage = false, onTriage }: HeuristicListProps) {
  const [marking, setMarking] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (heuristics.length === 0) return <p className={Classes.TEXT_MUTED}>No heuristic fired on this Mac.</p>;
  const triage = async (key: string, state: 'benign' | 'open', comment?: string) => {
    setError(null);
    const refused = await onTriage?.(key, state, comment);
    if (refused) setError(refused);
    else setMarking(null);
  };
  return (
    <ul className="electron-heuristics" style={{ listStyle: 'none', padding: 0 }}>
      {error && (
        <li>
          <Callout intent={Intent.DANGER}>{error}</Callout>
        </li>
      )}
      {heuristics.map((h) => (
        <li
          key={h.key}
          data-testid="electron-heuristic"
          data-benign={h.triage ? 'true' : 'false'}
          style={{ marginBottom: 12 }}
        >
          <Callout icon={null}>
            {/* The title as a heading of our own: a message naming a path wraps after its "/"
                (Callout's string title ran past a phone's width). */}
            <H5>
              <BreakableText paths>{h.message}</BreakableText>
            </H5>
            <p>
              <RiskTag risk={h.level} /> <code>{h.rule}</code> · {h.source}
              {h.triage && (
                <>
                  {' '}
                  <Tag minimal intent={Intent.SUCCESS}>
                    Benign
                  </Tag>
                </>
              )}
            </p>
            <p>
              <strong>Why it matters:</strong> {h.why}
            </p>
            <pre className={Classes.CODE_BLOCK} style={{ whiteSpace: 'pre-wrap' }}>
              {h.evidence.join('\n')}
            </pre>
            {h.triage && (
              <p>
                Marked benign{h.triage.by ? ` by ${h.triage.by}` : ''} on {new Date(h.triage.at).toLocaleString()}:{' '}
                {h.triage.comment} (it no longer counts in the Mac&apos;s risk)
              </p>
            )}
            {canTriage &&
              (h.triage ? (
                <Button onClick={() => void triage(h.key, 'open')}>Reopen</Button>
              ) : marking === h.key ? (
                <BenignForm onConfirm={(why) => void triage(h.key, 'benign', why)} onCancel={() => setMarking(null)} />
              ) : (
                <Button onClick={() => setMarking(h.key)}>Mark benign</Button>
              ))}
          </Callout>
        </li>
      ))}
    </ul>
  );
}
