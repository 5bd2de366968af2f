import type { HttpService } from '@core/http/HttpService';
import type { AdminUser, Page, UserListQuery } from './types';

/** GET /um/users: one page of the tenant's users (server-side search, sort and paging). */
export async function getUsers(http: HttpService, query: UserListQuery): Promise<Page<AdminUser>> {
  const params: Record<string, string | number> = { page: query.page, size: query.size };
  if (query.search) params.search = query.search;
  if (query.sort) params.sort = query.sort;
  if (query.order) params.order = query.order;
  return (await http.get<Page<AdminUser>>('/um/users', { params })).data;
}
