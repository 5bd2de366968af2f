import { Button, Classes, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { useService } from '@core/react/useService';
import { getIndicators } from '../../api/getIndicators';
import { postSuppression } from '../../api/postSuppression';
import type { IndicatorPage, RuleSet } from '../../api/types';
import { errorText } from '../../hooks/errorText';

const SIZE = 25;

/** IndicatorListProps: the rule set shown; `canSuppress` when the user may change rule sets. */
export interface IndicatorListProps {
  ruleSet: RuleSet;
  canSuppress: boolean;
  onChanged(): void;
}

/** A rule set's indicators (searched and paged on the server); one can be suppressed with a reason. */
export function IndicatorList({ ruleSet, canSuppress, onChanged }: IndicatorListProps) {
  const http = useService(HttpServiceToken);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [data, setData] = useState<IndicatorPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [suppressing, setSuppressing] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const [tick, setTick] = useState(0);
  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      getIndicators(http, ruleSet.id, { page, size: SIZE, search }).then(
        (answer) => live && (setData(answer), setError(null)),
        (failure: unknown) => live && setError(errorText(failure)),
      );
    }, 200);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [http, ruleSet.id, page, search, tick]);
  const suppress = async (indicatorId: string) => {
    try {
      await postSuppression(http, indicatorId, reason.trim());
      setSuppressing(null);
      setReason('');
      setTick((n) => n + 1);
      onChanged();
    } catch (failure) {
      setError(errorText(failure));
    }
  };
  const last = data ? Math.max(0, Math.ceil(data.total / SIZE) - 1) : 0;
  return (
    <section aria-label={`Indicators of ${ruleSet.name}`} style={{ marginTop: 16 }}>
      <InputGroup
        leftIcon={<Search />}
        placeholder="Search value, family or id"
        aria-label="Search indicators"
        value={search}
        onValueChange={(value) => {
          setSearch(value);
          setPage(0);
        }}
        style={{ maxWidth: 360 }}
      />
      {error && <p className={Classes.TEXT_MUTED}>{error}</p>}
      {data && (
        <HTMLTable compact striped style={{ width: '100%' }} aria-label="Indicators">
          <thead>
            <tr>
              <th>Type</th>
              <th>Value</th>
              <th>Family</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {data.items.map((i) => (
              <tr key={i.id} data-testid="indicator-row">
                <td>{i.type}</td>
                <td>
                  <code>{i.value}</code>
                </td>
                <td>{i.familyName}</td>
                <td>
                  {i.suppression ? (
                    <Tag minimal title={`${i.suppression.reason}${i.suppression.author ? ` (${i.suppression.author})` : ''}`}>
                      Suppressed: {i.suppression.reason}
                    </Tag>
                  ) : canSuppress && suppressing === i.id ? (
                    <form
                      onSubmit={(event) => {
                        event.preventDefault();
                        if (reason.trim()) void suppress(i.id);
                      }}
                    >
                      <InputGroup size="small" autoFocus placeholder="Reason" aria-label="Reason" value={reason} onValueChange={setReason} />
                      <Button size="small" type="submit" intent="primary" text="Suppress" disabled={!reason.trim()} />
                      <Button size="small" variant="minimal" text="Cancel" onClick={() => setSuppressing(null)} />
                    </form>
                  ) : (
                    canSuppress && <Button size="small" text="Suppress" onClick={() => setSuppressing(i.id)} />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      )}
      {last > 0 && (
        <div>
          <Button size="small" text="Previous" disabled={page === 0} onClick={() => setPage(page - 1)} />{' '}
          <span className={Classes.TEXT_MUTED}>
            Page {page + 1} of {last + 1}
          </span>{' '}
          <Button size="small" text="Next" disabled={page >= last} onClick={() => setPage(page + 1)} />
        </div>
      )}
    </section>
  );
}
