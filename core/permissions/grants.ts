/**
 * Moved to common/permissions/grants.ts (issue 21). Kept only because
 * server/routes/users/userAdminRoutes.ts still imports this path (a boundary violation): switch
 * it to '@common/permissions/grants' at merge, then delete this file.
 */
export { covers, isCovered, notCovered, coveredModes } from '../../common/permissions/grants';
