import type { ApiClient } from '../../api/ApiClient';

/** GET /um/environmentType (bearer); null when it cannot be read (the redirect rules then ignore it). */
export async function getEnvironmentType(api: ApiClient): Promise<string | null> {
  try {
    // An older or misconfigured API may answer without it: the type says what the route declares, not what came.
    const answer: { environmentType?: unknown } | null = await api.get('/um/environmentType', {
      skipGlobalErrors: true,
    });
    return typeof answer?.environmentType === 'string' ? answer.environmentType : null;
  } catch {
    return null;
  }
}
