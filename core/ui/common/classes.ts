/**
 * Class names of the shared components, one constant each (Blueprint's `Classes` style), so a
 * page or test names them without repeating the string.
 */
export const Classes = {
  PUBLIC_PAGE: 'zo-public-page',
  PUBLIC_PAGE_CARD: 'zo-public-page-card',
  OR_SEPARATOR: 'zo-or-separator',
  TABLE_SCROLL: 'zo-table-scroll',
  TABLE_CARDS: 'zo-table-cards',
  PAGE_BREADCRUMBS: 'zo-page-breadcrumbs',
} as const;
