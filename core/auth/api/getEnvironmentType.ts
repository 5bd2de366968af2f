import type { ApiResponse } from '@common/api/apiTypes';

import type { HttpService } from '../../http/HttpService';

/** GET /um/environmentType (bearer); null when it cannot be read (the redirect rules then ignore it). */
export async function getEnvironmentType(http: HttpService): Promise<string | null> {
  try {
    const response = await http.get<Partial<ApiResponse<'/um/environmentType', 'get'>> | null>('/um/environmentType', {
      skipGlobalErrors: true,
    });
    return typeof response.data?.environmentType === 'string' ? response.data.environmentType : null;
  } catch {
    return null;
  }
}
