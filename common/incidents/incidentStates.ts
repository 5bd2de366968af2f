/**
 * An incident's triage states, and which of them count as open, named once for every product:
 * gluon stores and triages them, monitoring's alerts follow them (an alert resolves when its
 * incident closes and reopens with it), neutrino's campaigns count the open ones, the consoles
 * label them. "Open" in a count means still to handle: open or confirmed.
 */
export const INCIDENT_STATES = ['open', 'confirmed', 'benign', 'false_positive'] as const;
export type IncidentState = (typeof INCIDENT_STATES)[number];

/** Still to handle: new, or confirmed a real threat (not yet remediated). */
export const OPEN_INCIDENT_STATES = ['open', 'confirmed'] as const satisfies readonly IncidentState[];
export type OpenIncidentState = (typeof OPEN_INCIDENT_STATES)[number];

/** Triaged as nothing to handle: closed (new findings reopen them). */
export const CLOSED_INCIDENT_STATES = ['benign', 'false_positive'] as const satisfies readonly IncidentState[];
export type ClosedIncidentState = (typeof CLOSED_INCIDENT_STATES)[number];

export const INCIDENT_STATE_LABELS: Readonly<Record<IncidentState, string>> = {
  open: 'Open',
  confirmed: 'Confirmed',
  benign: 'Benign',
  false_positive: 'False positive',
};

export function isIncidentState(value: unknown): value is IncidentState {
  return typeof value === 'string' && (INCIDENT_STATES as readonly string[]).includes(value);
}

/** Whether an incident in this state counts as open (open or confirmed). */
export function isOpenIncidentState(state: IncidentState): state is OpenIncidentState {
  return (OPEN_INCIDENT_STATES as readonly string[]).includes(state);
}

export function isClosedIncidentState(state: IncidentState): state is ClosedIncidentState {
  return (CLOSED_INCIDENT_STATES as readonly string[]).includes(state);
}
