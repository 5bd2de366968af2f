/** The unsubscribe page (public): the manifest's route pattern (under `/unsubscribe`) and the link each notification mail carries. */
export const unsubscribeRoutes = { page: '' } as const;

export const unsubscribePaths = {
  page: (jwt: string): string => `/unsubscribe?jwt=${encodeURIComponent(jwt)}`,
};
