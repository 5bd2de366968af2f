import { CLOSED_INCIDENT_STATES, type IncidentState, OPEN_INCIDENT_STATES } from '@common/incidents/incidentStates';

const list = (states: readonly IncidentState[]) => `(${states.map((s) => `'${s}'`).join(', ')})`;

/** `('open', 'confirmed')`: common's open states as a SQL list, for `state IN …` (fixed words, no input). */
export const OPEN_STATES_SQL = list(OPEN_INCIDENT_STATES);
/** `('benign', 'false_positive')`: common's closed states as a SQL list. */
export const CLOSED_STATES_SQL = list(CLOSED_INCIDENT_STATES);
