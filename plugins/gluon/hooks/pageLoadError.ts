import { callFailure } from '@core/http/callFailure';
import { errorText } from '@core/http/errorText';

/**
 * A device or incident page's load failure as the page shows it. The page's only parameter is the
 * id in its address, so a 400 means that address names nothing (not an id at all): it reads like
 * an unknown id's 404, `notFound`, not like the validation message the API gives for the parameter.
 */
export function pageLoadError(notFound: string): (failure: unknown) => string {
  return (failure) => (callFailure(failure).status === 400 ? notFound : errorText(failure));
}
