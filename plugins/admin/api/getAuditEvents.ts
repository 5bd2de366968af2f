import type { HttpService } from '@core/http/HttpService';
import type { AuditEvent, AuditFilter, Page } from './types';

/** GET /um/auditEvents: one page, newest first, filtered on the server. */
export async function getAuditEvents(http: HttpService, query: AuditFilter & { page: number; size: number }): Promise<Page<AuditEvent>> {
  return (await http.get<Page<AuditEvent>>('/um/auditEvents', { params: auditParams(query) })).data;
}

/** The filter as query parameters, empty values left out. */
export function auditParams(query: AuditFilter & { page?: number; size?: number }): Record<string, string | number> {
  const params: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value !== '') params[key] = value as string | number;
  return params;
}
