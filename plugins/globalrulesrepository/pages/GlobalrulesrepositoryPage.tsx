import { Callout, Classes, H2, H4 } from '@blueprintjs/core';
import { useState } from 'react';
import { canReadRuleSets, canWriteRuleSets } from '@common/permissions/rulesRepositoryAccess';
import { PermissionsServiceToken } from '@core/permissions/PermissionsService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import type { RuleSet } from '../api/RulesRepositoryApi';
import { IndicatorList } from '../components/IndicatorList/IndicatorList';
import { RuleSetImport } from '../components/RuleSetImport/RuleSetImport';
import { RuleSetTable } from '../components/RuleSetTable/RuleSetTable';
import { useRuleSets } from '../hooks/useRuleSets';

function RuleSets({ canWrite }: { canWrite: boolean }) {
  const { ruleSets, error, notice, importBundle, setEnabled, remove } = useRuleSets();
  const [shown, setShown] = useState<RuleSet | null>(null);
  return (
    <>
      {canWrite && <RuleSetImport onImport={importBundle} />}
      {error && <Callout intent="danger">{error}</Callout>}
      {notice && (
        <Callout intent="success" role="status">
          {notice}
        </Callout>
      )}
      <H4 style={{ marginTop: 16 }}>Rule sets</H4>
      {ruleSets && (
        <RuleSetTable
          ruleSets={ruleSets}
          onShowIndicators={setShown}
          {...(canWrite
            ? {
                onToggle: (r: RuleSet, enabled: boolean) => void setEnabled(r, enabled),
                onDelete: (r: RuleSet) => void remove(r),
              }
            : {})}
        />
      )}
      {shown && <IndicatorList key={shown.id} ruleSet={shown} canSuppress={canWrite} />}
    </>
  );
}

/** /globalrulesrepository: the STIX 2.1 rule sets gluon inspects with, and false-positive suppressions. */
export default function GlobalrulesrepositoryPage(_props: PageProps) {
  const permissions = useService(PermissionsServiceToken);
  const perms = useObservable(permissions.perms$, permissions.perms());
  return (
    <section className="globalrulesrepository-page" style={{ padding: 24, maxWidth: 1200 }}>
      <H2>Global rules repository</H2>
      <p className={Classes.TEXT_MUTED}>STIX 2.1 indicator bundles that gluon matches diagnostics against. Changes are matched again over stored observations.</p>
      {canReadRuleSets(perms) ? <RuleSets canWrite={canWriteRuleSets(perms)} /> : <p>Your account cannot view rule sets (gluon configuration).</p>}
    </section>
  );
}
