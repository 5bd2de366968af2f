import { Classes } from '@blueprintjs/core';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';

import type { TimelineEvent } from '../../api/GluonApi';
import { TRIAGE_STATES } from '../TriageForm/TriageForm';

/** IncidentTimelineProps: the incident's events, oldest first. */
export interface IncidentTimelineProps {
  events: readonly TimelineEvent[];
}

const stateLabel = (state: string | null) => TRIAGE_STATES.find(([value]) => value === state)?.[1] ?? state ?? '';

function describe(e: TimelineEvent): string {
  switch (e.kind) {
    case 'opened':
      return `Incident opened (${e.comment ?? ''})`;
    case 'findings':
      return `${e.comment ?? 'New findings'}${e.fromState !== e.toState ? `, reopened` : ''}`;
    case 'triage':
      return `${stateLabel(e.fromState)} → ${stateLabel(e.toState)}`;
    case 'suppressed':
      return e.fromState !== e.toState
        ? `Finding suppressed, ${stateLabel(e.fromState)} → ${stateLabel(e.toState)}`
        : 'Finding suppressed';
    case 'unsuppressed':
      return e.fromState !== e.toState
        ? `Suppression undone, ${stateLabel(e.fromState)} → ${stateLabel(e.toState)}`
        : 'Suppression undone';
    case 'owner':
      return e.comment ? `Assigned to ${e.comment}` : 'Owner removed';
    default:
      return e.kind;
  }
}

/** What happened to the incident: opened, new findings, triage with comment and author, owner changes. */
export function IncidentTimeline({ events }: IncidentTimelineProps) {
  const formatDate = useDateTimeFormatter();
  return (
    <ol aria-label="Timeline" style={{ paddingLeft: 20 }}>
      {events.map((e, i) => (
        <li key={i} data-testid="timeline-event" data-kind={e.kind} style={{ marginBottom: 8 }}>
          <strong>{formatDate(e.at)}</strong> {describe(e)}
          {e.author && <span className={Classes.TEXT_MUTED}> by {e.author}</span>}
          {e.kind !== 'opened' && e.kind !== 'findings' && e.kind !== 'owner' && e.comment && <div>“{e.comment}”</div>}
        </li>
      ))}
    </ol>
  );
}
