import { useState } from 'react';

import { errorText } from '@core/http/errorText';
import { ModalServiceToken } from '@core/modals/ModalService';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';

import { type RuleSet, RulesRepositoryApiToken } from '../api/RulesRepositoryApi';
import { rulesKeys } from './rulesKeys';
import { useMatching } from './useMatching';

const IMPORT_MESSAGES = {
  created: 'imported',
  updated: 'updated to the new version',
  unchanged: 'already imported, unchanged',
} as const;

/** The rule sets screen's data: the list, import (file or paste), enable/disable and delete (after the console's confirmation). Actions resolve `true` when the server accepted them. */
export function useRuleSets() {
  const api = useService(RulesRepositoryApiToken);
  const modals = useService(ModalServiceToken);
  const ruleSets = useLoader(rulesKeys.ruleSets, () => api.getRuleSets(), { describe: errorText });
  const [notice, setNotice] = useState<string | null>(null);
  // An import, enable or suppression queues a matching of stored observations: followed to its end.
  const matching = useMatching();
  // Every action is one change whose answer is the line to show; it makes both lists load again.
  const action = useMutation((work: () => Promise<string>) => work(), {
    describe: errorText,
    onSuccess: (line) => setNotice(line),
    invalidates: [rulesKeys.all],
  });

  // Resolves whether the work succeeded: failures are shown here, but callers (the paste box) must know not to discard input.
  const act = async (work: () => Promise<string>): Promise<boolean> => {
    const done = await action.run(work);
    if (!done.ok) setNotice(null);
    return done.ok;
  };

  return {
    ruleSets: ruleSets.data,
    error: action.error ?? ruleSets.error,
    notice,
    matching,
    importBundle: (bundle: string, fileName?: string) =>
      act(async () => {
        const { ruleSet, status } = await api.importRuleSet(bundle, fileName);
        const rescan = status === 'unchanged' ? '' : ' Stored observations are being matched again.';
        if (status !== 'unchanged') matching.watch();
        return `${ruleSet.name} ${ruleSet.version}: ${IMPORT_MESSAGES[status]} (${ruleSet.indicatorCount} indicators, ${ruleSet.unsupported.length} unsupported).${rescan}`;
      }),
    setEnabled: (ruleSet: RuleSet, enabled: boolean) =>
      act(async () => {
        await api.setRuleSetEnabled(ruleSet.id, enabled);
        if (enabled) matching.watch();
        return `${ruleSet.name} ${enabled ? 'enabled' : 'disabled'}.`;
      }),
    remove: async (ruleSet: RuleSet) => {
      if (!(await modals.confirm(`Delete ${ruleSet.name}? Findings it produced stay.`, 'Delete'))) return false;
      return act(async () => {
        await api.deleteRuleSet(ruleSet.id);
        return `${ruleSet.name} deleted.`;
      });
    },
  };
}
