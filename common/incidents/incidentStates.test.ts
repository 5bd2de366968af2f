import { describe, expect, it } from 'vitest';

import {
  CLOSED_INCIDENT_STATES,
  INCIDENT_STATE_LABELS,
  INCIDENT_STATES,
  isClosedIncidentState,
  isIncidentState,
  isOpenIncidentState,
  OPEN_INCIDENT_STATES,
} from './incidentStates';

describe('incident states', () => {
  it('splits every state into exactly one of open and closed: confirmed counts as open', () => {
    expect([...OPEN_INCIDENT_STATES, ...CLOSED_INCIDENT_STATES].sort()).toEqual([...INCIDENT_STATES].sort());
    expect(INCIDENT_STATES.filter(isOpenIncidentState)).toEqual(['open', 'confirmed']);
    expect(INCIDENT_STATES.filter(isClosedIncidentState)).toEqual(['benign', 'false_positive']);
  });

  it('labels each state and knows a state from any other text', () => {
    expect(INCIDENT_STATES.map((s) => INCIDENT_STATE_LABELS[s])).toEqual([
      'Open',
      'Confirmed',
      'Benign',
      'False positive',
    ]);
    expect(['open', 'resolved', 7, null].map(isIncidentState)).toEqual([true, false, false, false]);
  });
});
