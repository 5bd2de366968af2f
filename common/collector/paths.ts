import { pathSegment } from '../navigation/pathSegment';

/** The collector wizard (public): the manifest's route patterns (under `/collector`) and the links the API answers and mails. */
export const collectorRoutes = {
  quick: 'quick',
  link: ':id',
} as const;

export const collectorPaths = {
  /** A collector link: `/collector/{token}`. */
  link: (token: string): string => `/collector/${pathSegment(token)}`,
  /** A quick link: `/collector/quick?tokenquick=…` downloads without the details form. */
  quick: (quickToken: string): string => `/collector/quick?tokenquick=${encodeURIComponent(quickToken)}`,
};
