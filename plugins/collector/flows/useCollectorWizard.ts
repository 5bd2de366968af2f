import { useEffect, useReducer, useRef } from 'react';

import { readCallFailure } from '@core/http/callFailure';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import type { CollectorApi, CollectorOs, CollectorUserData } from '../api/CollectorApi';
import { downloadErrorMessage } from '../logic/downloadErrorMessage';
import { linkMessage } from '../logic/linkMessage';
import { defaultOs, OS_LABELS } from '../logic/os';
import { CollectorTexts } from '../logic/texts';
import {
  canDownload,
  type CollectorDetails,
  collectorReducer,
  type CollectorState,
  initialCollectorState,
} from './collectorReducer';

export interface CollectorWizard {
  state: CollectorState;
  /** Step 1 -> step 2 with the typed details. */
  submitDetails(details: CollectorDetails): void;
  /** The breadcrumb's step 1. */
  back(): void;
  chooseOs(os: CollectorOs): void;
  download(): Promise<void>;
}

/** The body of the install request (spec §3 "Inspection user data"): trimmed, phone only when filled. */
export function userDataOf(details: CollectorDetails, os: CollectorOs): CollectorUserData {
  const phone = details.phone.trim();
  return { fullName: details.fullName.trim(), email: details.email.trim(), ...(phone ? { phone } : {}), os };
}

/** Validates the link once, then drives the two steps and the download. */
export function useCollectorWizard(api: CollectorApi, linkId: string): CollectorWizard {
  const [state, dispatch] = useReducer(collectorReducer, undefined, () => initialCollectorState(defaultOs()));
  const current = useRef(state);
  current.current = state;
  const toasts = useService(ToastServiceToken);

  useEffect(() => {
    let active = true;
    api.validateLink(linkId).then(
      () => active && dispatch({ type: 'linkValid' }),
      async (error: unknown) => {
        const message = linkMessage(await readCallFailure(error));
        if (active) dispatch({ type: 'linkInvalid', message });
      },
    );
    return () => {
      active = false;
    };
  }, [api, linkId]);

  const download = async () => {
    const state = current.current;
    if (!canDownload(state)) return;
    dispatch({ type: 'downloadStarted' });
    // The ref follows renders; mark the click now so a double click cannot start two installs.
    current.current = { ...state, download: { kind: 'running', os: state.os } };
    try {
      await api.downloadConnector(linkId, userDataOf(state.details, state.os));
      dispatch({ type: 'downloadSucceeded', os: state.os });
      toasts.success(CollectorTexts.downloadedTitle, CollectorTexts.downloaded(OS_LABELS[state.os]));
    } catch (error) {
      dispatch({ type: 'downloadFailed', message: downloadErrorMessage(await readCallFailure(error)) });
    }
  };

  return {
    state,
    submitDetails: (details) => dispatch({ type: 'continue', details }),
    back: () => dispatch({ type: 'back' }),
    chooseOs: (os) => dispatch({ type: 'chooseOs', os }),
    download,
  };
}
