import type { LoginEvent } from '../logic/loginReducer';

/**
 * What a sign-in flow asks of the page once it ran: nothing (it navigated away, or left for a
 * provider), an error under the submitting form, or a step transition.
 */
export type FlowResult =
  { kind: 'done' } | { kind: 'field-error'; message: string } | { kind: 'go'; event: LoginEvent };

export const done: FlowResult = { kind: 'done' };

export const fieldError = (message: string): FlowResult => ({ kind: 'field-error', message });

export const go = (event: LoginEvent): FlowResult => ({ kind: 'go', event });
