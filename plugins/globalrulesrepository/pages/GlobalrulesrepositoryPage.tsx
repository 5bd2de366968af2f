import { Callout, Classes, H2, H4, ProgressBar } from '@blueprintjs/core';
import { useState } from 'react';

import { neutrinoPaths } from '@common/neutrino/paths';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';

import type { RuleSet } from '../api/RulesRepositoryApi';
import { IndicatorList } from '../components/IndicatorList/IndicatorList';
import { RuleSetImport } from '../components/RuleSetImport/RuleSetImport';
import { RuleSetTable } from '../components/RuleSetTable/RuleSetTable';
import { useRuleSets } from '../hooks/useRuleSets';
import { rulesRepositoryAccess } from '../rulesRepositoryAccess';

function RuleSets({ canWrite, canFollow }: { canWrite: boolean; canFollow: boolean }) {
  const { ruleSets, error, notice, matching, importBundle, setEnabled, remove } = useRuleSets();
  const [shown, setShown] = useState<{ ruleSet: RuleSet; suppressedOnly: boolean } | null>(null);
  const status = matching.status;
  const running = status?.state === 'queued' || status?.state === 'running';
  return (
    <>
      {canWrite && <RuleSetImport onImport={importBundle} />}
      {error && <Callout intent="danger">{error}</Callout>}
      {/* One status line: the action's answer, then the matching it queued until it ends (e2e reads one status). */}
      {(notice || matching.line) && (
        <Callout
          intent={status?.state === 'failed' ? 'danger' : running ? 'primary' : 'success'}
          role="status"
          style={{ marginTop: 8 }}
        >
          {notice && <div>{notice}</div>}
          {status && matching.line && (
            <div data-testid="matching-status">
              {matching.line}
              {running && (
                <ProgressBar
                  intent="primary"
                  aria-label="Matching progress"
                  {...(status.state === 'running' && status.devicesTotal > 0
                    ? { value: status.devicesDone / status.devicesTotal }
                    : {})}
                />
              )}
            </div>
          )}
        </Callout>
      )}
      {matching.error && <p className={Classes.TEXT_MUTED}>{matching.error}</p>}
      <H4 style={{ marginTop: 16 }}>Rule sets</H4>
      {ruleSets && (
        <RuleSetTable
          ruleSets={ruleSets}
          onShowIndicators={(ruleSet) => setShown({ ruleSet, suppressedOnly: false })}
          onShowSuppressed={(ruleSet) => setShown({ ruleSet, suppressedOnly: true })}
          {...(canFollow ? { familyPath: neutrinoPaths.familyCampaign } : {})}
          {...(canWrite
            ? {
                onToggle: (r: RuleSet, enabled: boolean) => void setEnabled(r, enabled),
                onDelete: (r: RuleSet) => void remove(r),
              }
            : {})}
        />
      )}
      {shown && (
        <IndicatorList
          key={`${shown.ruleSet.id}-${shown.suppressedOnly}`}
          ruleSet={shown.ruleSet}
          canSuppress={canWrite}
          suppressedOnly={shown.suppressedOnly}
          onMatchingQueued={matching.watch}
        />
      )}
    </>
  );
}

/** /globalrulesrepository: the STIX 2.1 rule sets gluon inspects with, and false-positive suppressions. */
export default function GlobalrulesrepositoryPage(_props: PageProps) {
  const access = useAccess(rulesRepositoryAccess);
  return (
    <section className="globalrulesrepository-page" style={{ padding: 24, maxWidth: 1200 }}>
      <H2>Global rules repository</H2>
      <p className={Classes.TEXT_MUTED}>
        STIX 2.1 indicator bundles that gluon matches diagnostics against. Changes are matched again over stored
        observations.
      </p>
      {access.read ? (
        <RuleSets canWrite={access.write} canFollow={access.follow} />
      ) : (
        <p>Your account cannot view rule sets (gluon configuration).</p>
      )}
    </section>
  );
}
