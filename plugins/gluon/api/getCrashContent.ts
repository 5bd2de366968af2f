import type { HttpService } from '@core/http/HttpService';

/** GET /gluon-backend/devices/{id}/crashes/content: one crash report's text (gln#cre#r). */
export async function getCrashContent(http: HttpService, deviceId: string, crash: { inspectionId: string; path: string }): Promise<string> {
  const response = await http.get<{ text: string }>(`/gluon-backend/devices/${encodeURIComponent(deviceId)}/crashes/content`, {
    params: { inspectionId: crash.inspectionId, path: crash.path },
    skipGlobalErrors: [404, 422],
  });
  return response.data.text;
}
