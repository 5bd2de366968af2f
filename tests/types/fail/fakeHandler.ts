import { createFakeApiClient } from '@core/testing/createFakeApiClient';

export const fake = createFakeApiClient({
  // @expect-error-line: not a route the API serves
  'GET /gluon-backend/overviews': () => ({}),
});
