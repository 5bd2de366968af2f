import { HttpServiceToken } from '@core/http/HttpService';
import { createServiceFactory } from '@core/plugin/ServiceFactory';

import { DefaultShellApi } from '../api/DefaultShellApi';
import { ShellApiToken } from '../api/ShellApi';

/** The shell's services, loaded with its header pieces (manifest `services`). */
export const shellServices = [
  createServiceFactory({
    token: ShellApiToken,
    deps: { http: HttpServiceToken },
    factory: ({ http }) => new DefaultShellApi(http),
  }),
];
