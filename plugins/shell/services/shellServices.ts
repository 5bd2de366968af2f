import { ApiClientToken } from '@core/api/ApiClient';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultShellApi } from '../api/DefaultShellApi';
import { ShellApiToken } from '../api/ShellApi';

/** The shell's services, loaded with its header pieces (manifest `services`). */
export const shellServices = [
  createServiceFactory({
    token: ShellApiToken,
    deps: { api: ApiClientToken },
    factory: ({ api }) => new DefaultShellApi(api),
  }),
];
