// What other modules may import from users (scripts/check-boundaries.mjs).
export { listAuditEvents } from './auditLog';
