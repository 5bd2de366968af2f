import { pathSegment } from '../navigation/pathSegment';

/** Neutrino's console addresses: the manifest's route patterns (under `/neutrino`) and the functions that build them. */
export const neutrinoRoutes = {
  home: '',
  familyCampaign: 'campaigns/family/:familyId',
  indicatorCampaign: 'campaigns/indicator/:indicator',
} as const;

export const neutrinoPaths = {
  home: (): string => '/neutrino',
  /** The campaign of a threat family: every device where it was found. */
  familyCampaign: (familyId: string): string => `/neutrino/campaigns/family/${pathSegment(familyId)}`,
  /** The campaign of one indicator value (a path, a domain, a hash): encoded, so `/private/var/x` stays one segment. */
  indicatorCampaign: (value: string): string => `/neutrino/campaigns/indicator/${pathSegment(value)}`,
};
