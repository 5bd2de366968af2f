// Must type-check: the calls a plugin's API client makes, each answer typed by its route.
import type { ApiClient } from '@core/api/ApiClient';

export async function calls(api: ApiClient): Promise<void> {
  const { device } = await api.get('/gluon-backend/devices/{id}', { path: { id: 'd-1' }, skipGlobalErrors: [404] });
  const name: string = device.name;
  const page = await api.get('/gluon-backend/devices', { query: { size: 20, search: 'iPhone' } });
  const first: string | undefined = page.items[0]?.id;
  await api.get('/gluon-backend/overview');
  const triaged = await api.post('/gluon-backend/incidents/{id}/triage', {
    path: { id: 'i-1' },
    body: { state: 'confirmed', comment: 'seen' },
  });
  const state: string = triaged.state;
  const csv: Blob = await api.get('/um/auditEvents/export', { responseType: 'blob' });
  const okta = await api.send('get', '/um/oauth2config/okta', { validateStatus: (s) => s === 200 || s === 404 });
  const status: number = okta.status;
  const config = api.requestConfig('get', '/gluon-backend/files/{id}', { path: { id: 'f-1' } });
  const url: string | undefined = config.url;
  await api.post('/gluon-backend/uploads', { query: { name: 'a.ips' }, raw: new Blob([]) });
  await api.delete('/um/users/{id}', { path: { id: 'u-1' } });
  void [name, first, state, csv, status, url];
}
