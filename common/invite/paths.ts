import { pathSegment } from '../navigation/pathSegment';

/** The invitation wizard (public): the manifest's route pattern (under `/invite`) and the link the invitation mail carries. */
export const inviteRoutes = { invitation: ':id' } as const;

export const invitePaths = {
  /** `/invite/{token}`; `query` adds the identity provider's return (`oktaRedirect`, `inviteFlow`). */
  invitation: (token: string, query = ''): string => `/invite/${pathSegment(token)}${query ? `?${query}` : ''}`,
};
