import { useState } from 'react';

import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { getScimToken, type ScimTokenStatus } from '../api/getScimToken';
import { revokeScimToken } from '../api/revokeScimToken';
import { type NewScimToken, rotateScimToken } from '../api/rotateScimToken';
import { apiMessage } from '../logic/apiMessage';
import { type Action, useAction } from './useAction';

export interface ScimTokenState {
  status: Loaded<ScimTokenStatus>;
  /** The token just created, shown until the page is left: the server keeps only its hash. */
  created: NewScimToken | null;
  action: Action;
  rotate(): Promise<void>;
  revoke(): Promise<void>;
}

/** The SCIM page's logic: the token's status, creating or rotating it (shown once), revoking it. */
export function useScimToken(): ScimTokenState {
  const api = useService(ApiClientToken);
  const status = useLoader('scim-token', () => getScimToken(api), { describe: apiMessage });
  const action = useAction();
  const [created, setCreated] = useState<NewScimToken | null>(null);
  return {
    status,
    created,
    action,
    async rotate() {
      const answer = await action.run(() => rotateScimToken(api));
      if (answer) {
        setCreated(answer);
        status.reload();
      }
    },
    async revoke() {
      const done = await action.run(() => revokeScimToken(api).then(() => true));
      if (done) {
        setCreated(null);
        status.reload();
      }
    },
  };
}
