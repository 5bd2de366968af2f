/** The global rules repository's console addresses: the manifest's route pattern (under `/globalrulesrepository`) and the function that builds it. */
export const rulesRepositoryRoutes = { home: '' } as const;

export const rulesRepositoryPaths = { home: (): string => '/globalrulesrepository' };
