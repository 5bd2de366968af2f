import { useCallback, useEffect, useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { ModalServiceToken } from '@core/modals/ModalService';
import { useService } from '@core/react/useService';
import { deleteRuleSet } from '../api/deleteRuleSet';
import { getRuleSets } from '../api/getRuleSets';
import { patchRuleSet } from '../api/patchRuleSet';
import { postRuleSet } from '../api/postRuleSet';
import type { RuleSet } from '../api/types';
import { errorText } from './errorText';

const IMPORT_MESSAGES = { created: 'imported', updated: 'updated to the new version', unchanged: 'already imported, unchanged' } as const;

/** The rule sets screen's data: the list, import (file or paste), enable/disable and delete (after the console's confirmation). Actions resolve `true` when the server accepted them. */
export function useRuleSets() {
  const http = useService(HttpServiceToken);
  const modals = useService(ModalServiceToken);
  const [ruleSets, setRuleSets] = useState<RuleSet[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  const reload = useCallback(async () => {
    try {
      setRuleSets(await getRuleSets(http));
      setError(null);
    } catch (failure) {
      setError(errorText(failure));
    }
  }, [http]);
  useEffect(() => {
    void reload();
  }, [reload]);

  // Resolves whether the work succeeded: failures are shown here, but callers (the paste box) must know not to discard input.
  const act = useCallback(
    async (work: () => Promise<string>): Promise<boolean> => {
      setError(null);
      try {
        setNotice(await work());
      } catch (failure) {
        setNotice(null);
        setError(errorText(failure));
        return false;
      }
      await reload();
      return true;
    },
    [reload],
  );

  return {
    ruleSets,
    error,
    notice,
    reload,
    importBundle: (bundle: string, fileName?: string) =>
      act(async () => {
        const { ruleSet, status } = await postRuleSet(http, bundle, fileName);
        const rescan = status === 'unchanged' ? '' : ' Stored observations are being matched again.';
        return `${ruleSet.name} ${ruleSet.version}: ${IMPORT_MESSAGES[status]} (${ruleSet.indicatorCount} indicators, ${ruleSet.unsupported.length} unsupported).${rescan}`;
      }),
    setEnabled: (ruleSet: RuleSet, enabled: boolean) =>
      act(async () => {
        await patchRuleSet(http, ruleSet.id, enabled);
        return `${ruleSet.name} ${enabled ? 'enabled' : 'disabled'}.`;
      }),
    remove: async (ruleSet: RuleSet) => {
      if (!(await modals.confirm(`Delete ${ruleSet.name}? Findings it produced stay.`))) return false;
      return act(async () => {
        await deleteRuleSet(http, ruleSet.id);
        return `${ruleSet.name} deleted.`;
      });
    },
  };
}
