import { useCallback, useEffect, useState } from 'react';

import type { ApiClient } from '@core/api/ApiClient';
import type { PasskeyBrowser } from '@core/auth/passkeys/PasskeyBrowser';
import { PasskeyCancelled } from '@core/auth/passkeys/PasskeyBrowser';
import { errorText } from '@core/http/errorText';

import { finishPasskeyRegistration } from '../api/finishPasskeyRegistration';
import { listPasskeys, type Passkey } from '../api/listPasskeys';
import { removePasskey } from '../api/removePasskey';
import { renamePasskey } from '../api/renamePasskey';
import { startPasskeyRegistration } from '../api/startPasskeyRegistration';

export const PASSKEYS_UNSUPPORTED = 'This browser cannot use passkeys.';
export const NAME_NEEDED = 'Give the passkey a name.';

export interface PasskeysState {
  /** null while loading. */
  passkeys: Passkey[] | null;
  /** The tenant requires a phishing-resistant method (a passkey). */
  required: boolean;
  /** The last failure, as the page shows it. */
  error: string | null;
}

/**
 * The signed-in user's passkeys: the list, and adding (the browser's registration dialog between
 * the API's options and its check), renaming and removing one. Each action answers whether it
 * succeeded; a failure is in `error`. Backing out of the browser's dialog is no failure.
 */
export function usePasskeys(api: ApiClient, browser: PasskeyBrowser) {
  const [state, setState] = useState<PasskeysState>({ passkeys: null, required: false, error: null });
  const fail = (error: unknown) => setState((s) => ({ ...s, passkeys: s.passkeys ?? [], error: errorText(error) }));

  const reload = useCallback(async () => {
    try {
      const { passkeys, required } = await listPasskeys(api);
      setState({ passkeys, required, error: null });
    } catch (error) {
      fail(error);
    }
  }, [api]);

  useEffect(() => {
    void reload();
  }, [reload]);

  const add = async (rawName: string): Promise<boolean> => {
    const name = rawName.trim();
    if (!name) return (setState((s) => ({ ...s, error: NAME_NEEDED })), false);
    if (!browser.supported()) return (setState((s) => ({ ...s, error: PASSKEYS_UNSUPPORTED })), false);
    try {
      const credential = await browser.register(await startPasskeyRegistration(api));
      const created = await finishPasskeyRegistration(api, name, credential);
      setState((s) => ({ ...s, passkeys: [...(s.passkeys ?? []), created], error: null }));
      return true;
    } catch (error) {
      if (error instanceof PasskeyCancelled) return false;
      fail(error);
      return false;
    }
  };

  const rename = async (id: string, rawName: string): Promise<boolean> => {
    const name = rawName.trim();
    if (!name) return (setState((s) => ({ ...s, error: NAME_NEEDED })), false);
    try {
      const renamed = await renamePasskey(api, id, name);
      setState((s) => ({ ...s, passkeys: (s.passkeys ?? []).map((p) => (p.id === id ? renamed : p)), error: null }));
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  const remove = async (id: string): Promise<boolean> => {
    try {
      await removePasskey(api, id);
      setState((s) => ({ ...s, passkeys: (s.passkeys ?? []).filter((p) => p.id !== id), error: null }));
      return true;
    } catch (error) {
      fail(error);
      return false;
    }
  };

  return { ...state, add, rename, remove };
}

export type PasskeysModel = ReturnType<typeof usePasskeys>;
