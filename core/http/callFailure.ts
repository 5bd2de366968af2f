import { isAxiosError } from '../util/isAxiosError';

/**
 * What a failed call answered: the one place that reads the API's error shape
 * (`{ statusCode, error, message }`, server/ARCHITECTURE.md) for every plugin.
 */
export interface CallFailure {
  /** The HTTP status; 0 when no answer arrived (offline, refused, DNS); -1 when the error is not a failed call. */
  status: number;
  /** The API's `message`, or null when the answer has none (or only blanks). */
  message: string | null;
}

function messageOf(data: unknown): string | null {
  const message = (data as { message?: unknown } | null | undefined)?.message;
  return typeof message === 'string' && message.trim() ? message : null;
}

export function callFailure(error: unknown): CallFailure {
  if (!isAxiosError(error)) return { status: -1, message: null };
  if (!error.response) return { status: 0, message: null };
  return { status: error.response.status, message: messageOf(error.response.data) };
}

/**
 * callFailure for calls that ask for a Blob (downloads): their error answers arrive as a Blob
 * holding the JSON error, read here.
 */
export async function readCallFailure(error: unknown): Promise<CallFailure> {
  const failure = callFailure(error);
  const data = isAxiosError(error) ? error.response?.data : undefined;
  if (typeof Blob === 'undefined' || !(data instanceof Blob)) return failure;
  try {
    return { status: failure.status, message: messageOf(JSON.parse(await data.text())) };
  } catch {
    return failure;
  }
}

/** The texts a screen shows when the API's own message is not the answer (they differ by spec). */
export interface FailureTexts {
  /** When the API gave no message, and when the error is not a failed call. */
  fallback: string;
  /** When no answer arrived at all; default `fallback`. */
  unreachable?: string;
  /** 5xx answers say nothing the user can act on: show `fallback` instead of their message. */
  hideServerErrors?: boolean;
}

/** The line a screen shows for a failed call: the API's message (4xx say what to fix), else its own texts. */
export function failureMessage(error: unknown, texts: FailureTexts): string {
  const { status, message } = callFailure(error);
  if (status === 0) return texts.unreachable ?? texts.fallback;
  if (!message || (texts.hideServerErrors && status >= 500)) return texts.fallback;
  return message;
}
