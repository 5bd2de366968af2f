import { failureMessage, type FailureTexts } from './callFailure';

/**
 * The longest error line a page prints. The API's message is echoed as it is (4xx say what to
 * fix), and some of them quote the refused input: a sweep over a 100 KB value answered a
 * 102,466-character message. Past this many characters the line is cut and ends with an ellipsis.
 */
export const ERROR_TEXT_MAX = 300;

/** The product pages' texts (gluon, neutrino, monitoring, the rules repository's default). */
export const PRODUCT_ERROR_TEXTS: FailureTexts = {
  fallback: 'Something went wrong. Try again.',
  unreachable: 'The server could not be reached.',
};

/** The account screens' texts (administration, the shell's dialogs), spec §8's wording. */
export const ACCOUNT_ERROR_TEXTS: FailureTexts = {
  fallback: 'The application has encountered an unknown error',
  unreachable: 'No connection, please make sure you have a valid internet connection and try again',
};

/** `text`, cut to at most `max` characters (the last one an ellipsis) when it is longer. */
export function boundErrorText(text: string, max = ERROR_TEXT_MAX): string {
  if (text.length <= max) return text;
  // Counted in code points, so a surrogate pair (an emoji) is never cut in half.
  const points = Array.from(text);
  if (points.length <= max) return text;
  return `${points
    .slice(0, max - 1)
    .join('')
    .trimEnd()}…`;
}

/**
 * The line a page shows for a failed call: the API's message, bounded; else the given texts.
 * A string is the fallback alone (the product texts' `unreachable` stays). Every error text a
 * plugin prints goes through here or through `boundErrorText`, so none prints a message unbounded.
 */
export function errorText(error: unknown, texts: FailureTexts | string = PRODUCT_ERROR_TEXTS): string {
  const chosen = typeof texts === 'string' ? { ...PRODUCT_ERROR_TEXTS, fallback: texts } : texts;
  return boundErrorText(failureMessage(error, chosen));
}
