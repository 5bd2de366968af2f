import type { FastifyInstance } from 'fastify';
import type { AuditEvent } from '../contracts';

/** `app.audit(event)`: appends to audit_events; a failure is logged, never breaks the request. */
export function installAudit(app: FastifyInstance): void {
  app.decorate('audit', async (event: AuditEvent) => {
    try {
      await app.db.query('INSERT INTO audit_events (tenant_id, actor_id, action, target, details, ip) VALUES ($1, $2, $3, $4, $5, $6)', [
        event.tenantId,
        event.actorId,
        event.action,
        event.target ?? null,
        JSON.stringify(event.details ?? {}),
        event.ip ?? null,
      ]);
    } catch (error) {
      app.log.error({ err: error, action: event.action }, 'audit write failed');
    }
  });
}
