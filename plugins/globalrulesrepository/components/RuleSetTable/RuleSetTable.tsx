import { Button, Classes, HTMLTable, Switch, Tag } from '@blueprintjs/core';

import { indicatorTypeText } from '@common/stix/indicatorTypeText';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useVersionFormatter } from '@core/locale/useVersionFormatter';
import { AppLink } from '@core/ui/AppLink/AppLink';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { RuleSet } from '../../api/RulesRepositoryApi';

/** RuleSetTableProps: the rule sets; the actions are given only when the user may change them (gln#cfg write). */
export interface RuleSetTableProps {
  ruleSets: readonly RuleSet[];
  onToggle?: (ruleSet: RuleSet, enabled: boolean) => void;
  onDelete?: (ruleSet: RuleSet) => void;
  onShowIndicators(ruleSet: RuleSet): void;
  /** Opens the rule set's indicators filtered to the suppressed ones ("N suppressed"). */
  onShowSuppressed?: (ruleSet: RuleSet) => void;
  /** Given when the user may hunt (neutrino): the in-app path that follows a family across the fleet. */
  familyPath?: (familyId: string) => string;
}

/** Rule sets with families, version, indicator counts per type and what was not supported. */
export function RuleSetTable({
  ruleSets,
  onToggle,
  onDelete,
  onShowIndicators,
  onShowSuppressed,
  familyPath,
}: RuleSetTableProps) {
  const formatDate = useDateTimeFormatter();
  const formatVersion = useVersionFormatter();
  if (!ruleSets.length) return <p className={Classes.TEXT_MUTED}>No rule set yet: import a STIX 2.1 bundle.</p>;
  return (
    <TableScroll label="Rule sets">
      <HTMLTable compact striped style={{ width: '100%' }} aria-label="Rule sets">
        <thead>
          <tr>
            <th>Rule set</th>
            <th>Families</th>
            <th>Indicators by type</th>
            <th>Unsupported</th>
            <th>Enabled</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {ruleSets.map((r) => (
            <tr key={r.id} data-testid="rule-set-row">
              <td>
                <strong>{r.name}</strong>
                <div className={Classes.TEXT_MUTED}>
                  version {formatVersion(r.version)}
                  {r.author && ` · ${r.author}`} · updated {formatDate(r.updatedAt)}
                </div>
              </td>
              <td>
                {r.families.map((f) => (
                  <Tag key={f.id} minimal style={{ marginRight: 4 }}>
                    {familyPath ? (
                      <AppLink to={familyPath(f.id)} label={`Follow ${f.name} across the fleet`}>
                        {f.name}
                      </AppLink>
                    ) : (
                      f.name
                    )}{' '}
                    ({f.indicators})
                  </Tag>
                ))}
              </td>
              <td>
                <span title={Object.keys(r.counts).join(', ')}>
                  {Object.entries(r.counts)
                    .filter(([, n]) => n > 0)
                    .map(([type, n]) => `${indicatorTypeText(type)}: ${n}`)
                    .join(', ')}
                </span>
                {r.suppressions > 0 &&
                  (onShowSuppressed ? (
                    <div>
                      <Button
                        size="small"
                        variant="minimal"
                        text={`${r.suppressions} suppressed`}
                        aria-label={`Show the ${r.suppressions} suppressed of ${r.name}`}
                        onClick={() => onShowSuppressed(r)}
                      />
                    </div>
                  ) : (
                    <div className={Classes.TEXT_MUTED}>{r.suppressions} suppressed</div>
                  ))}
              </td>
              <td>
                {r.unsupported.length ? (
                  <details>
                    <summary>{r.unsupported.length}</summary>
                    <ul>
                      {r.unsupported.slice(0, 50).map((u, i) => (
                        <li key={i}>
                          <code>{u.pattern || u.id}</code>: {u.reason}
                        </li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  0
                )}
              </td>
              <td>
                <Switch
                  checked={r.enabled}
                  disabled={!onToggle}
                  aria-label={`${r.name} enabled`}
                  onChange={(event) => onToggle?.(r, event.currentTarget.checked)}
                />
              </td>
              <td>
                <Button size="small" text="Indicators" onClick={() => onShowIndicators(r)} />{' '}
                {onDelete && (
                  <Button size="small" intent="danger" variant="minimal" text="Delete" onClick={() => onDelete(r)} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </HTMLTable>
    </TableScroll>
  );
}
