/** The repository's loader cache keys; every change invalidates `rulesKeys.all` (an import or a suppression changes both lists). */
export const rulesKeys = {
  all: ['rules'] as const,
  ruleSets: ['rules', 'ruleSets'] as const,
  indicators: (ruleSetId: string, search: string, page: number) =>
    ['rules', 'indicators', ruleSetId, search, page] as const,
};
