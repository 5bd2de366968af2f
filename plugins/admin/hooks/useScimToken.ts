import { useState } from 'react';

import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { getScimToken, type ScimTokenStatus } from '../api/getScimToken';
import { revokeScimToken } from '../api/revokeScimToken';
import { type NewScimToken, rotateScimToken } from '../api/rotateScimToken';
import { apiMessage } from '../logic/apiMessage';
import { type Action, useAction } from './useAction';
import { useConfirmedAction } from './useConfirmedAction';

export interface ScimTokenState {
  status: Loaded<ScimTokenStatus>;
  /** The token just created, shown until the page is left: the server keeps only its hash. */
  created: NewScimToken | null;
  action: Action;
  /** Creates the first token at once; replacing one (the directory's connection stops) is confirmed first. */
  rotate(): Promise<void>;
  /** Confirmed first: the directory can no longer provision. */
  revoke(): Promise<void>;
}

/** The SCIM page's logic: the token's status, creating or rotating it (shown once), revoking it. */
export function useScimToken(): ScimTokenState {
  const api = useService(ApiClientToken);
  const status = useLoader('scim-token', () => getScimToken(api), { describe: apiMessage });
  const action = useAction();
  const confirmed = useConfirmedAction(action);
  const [created, setCreated] = useState<NewScimToken | null>(null);
  return {
    status,
    created,
    action,
    async rotate() {
      const answer = status.data?.configured
        ? await confirmed(
            'Rotate the SCIM token? The current one stops working at once: the directory needs the new one.',
            () => rotateScimToken(api),
            { title: 'SCIM token', message: 'A new token has been created.' },
            'Rotate',
          )
        : await action.run(() => rotateScimToken(api));
      if (answer) {
        setCreated(answer);
        status.reload();
      }
    },
    async revoke() {
      const done = await confirmed(
        'Revoke the SCIM token? The directory can no longer create, update or deactivate users.',
        () => revokeScimToken(api).then(() => true),
        { title: 'SCIM token', message: 'The token has been revoked.' },
        'Revoke',
      );
      if (done) {
        setCreated(null);
        status.reload();
      }
    },
  };
}
