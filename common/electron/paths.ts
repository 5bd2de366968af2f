/** Electron's console addresses: the manifest's route pattern (under `/electron`) and the function that builds it. */
export const electronRoutes = { home: '' } as const;

export const electronPaths = { home: (): string => '/electron' };
