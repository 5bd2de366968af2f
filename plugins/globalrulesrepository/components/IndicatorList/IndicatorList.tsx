import { Button, Checkbox, Classes, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { Disable, Search } from '@blueprintjs/icons';
import { useEffect, useState } from 'react';
import { Field, Form } from 'react-final-form';

import { count } from '@common/format/count';
import { indicatorTypeText } from '@common/stix/indicatorTypeText';
import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { type RuleSet, RulesRepositoryApiToken } from '../../api/RulesRepositoryApi';
import { rulesKeys } from '../../hooks/rulesKeys';

const SIZE = 25;
/** How long the search waits after the last keystroke before it asks the server. */
const SEARCH_DEBOUNCE_MS = 200;

/** IndicatorListProps: the rule set shown; `canSuppress` when the user may change rule sets (suppress and undo). */
export interface IndicatorListProps {
  ruleSet: RuleSet;
  canSuppress: boolean;
  /** Opened from the rule set's "N suppressed": only the suppressed indicators at first. */
  suppressedOnly?: boolean;
  /** A suppression or its undo queued a matching of stored observations (the page follows it). */
  onMatchingQueued?: () => void;
}

const required = (value: string | undefined) => (value?.trim() ? undefined : 'A reason is required.');

/** The reason a suppression is recorded with; a refusal shows on the list's line. */
function ReasonForm({ onSuppress, onCancel }: { onSuppress(reason: string): Promise<unknown>; onCancel(): void }) {
  return (
    <Form<{ reason?: string }>
      onSubmit={async ({ reason }) => void (await onSuppress(reason?.trim() ?? ''))}
      subscription={{ invalid: true }}
    >
      {({ handleSubmit, invalid }) => (
        <form onSubmit={handleSubmit}>
          <Field<string> name="reason" validate={required}>
            {({ input }) => <InputGroup size="small" autoFocus placeholder="Reason" aria-label="Reason" {...input} />}
          </Field>
          <Button size="small" type="submit" intent="primary" text="Suppress" disabled={invalid} />
          <Button size="small" variant="minimal" text="Cancel" onClick={onCancel} />
        </form>
      )}
    </Form>
  );
}

/** A rule set's indicators (searched and paged on the server); one can be suppressed with a reason. */
export function IndicatorList({ ruleSet, canSuppress, suppressedOnly = false, onMatchingQueued }: IndicatorListProps) {
  const api = useService(RulesRepositoryApiToken);
  const [search, setSearch] = useState('');
  const [query, setQuery] = useState('');
  const [page, setPage] = useState(0);
  const [suppressing, setSuppressing] = useState<string | null>(null);
  const [onlySuppressed, setOnlySuppressed] = useState(suppressedOnly);
  const [undoneLine, setUndoneLine] = useState<string | null>(null);
  useEffect(() => {
    const timer = setTimeout(() => setQuery(search), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [search]);
  const indicators = useLoader(
    rulesKeys.indicators(ruleSet.id, `${onlySuppressed ? 'suppressed:' : ''}${query}`, page),
    () =>
      api.getIndicators(ruleSet.id, {
        page,
        size: SIZE,
        search: query,
        ...(onlySuppressed ? { suppressed: true } : {}),
      }),
    { describe: errorText },
  );
  // A suppression changes this list and the rule set's counts: both load again.
  const suppression = useMutation((indicatorId: string, reason: string) => api.suppressIndicator(indicatorId, reason), {
    describe: errorText,
    onSuccess: () => {
      setSuppressing(null);
      setUndoneLine(null);
      onMatchingQueued?.();
    },
    invalidates: [rulesKeys.all],
  });
  // Undo: the findings it covered are active again at once; the server also matches stored observations again.
  const undo = useMutation((suppressionId: string) => api.unsuppress(suppressionId), {
    describe: errorText,
    onSuccess: (answer) => {
      const reopened = answer.reopenedIncidents.length;
      setUndoneLine(
        `Suppression undone: ${count(answer.findings, 'finding')} active again${reopened ? `, ${count(reopened, 'incident')} reopened` : ''}. Stored observations are being matched again.`,
      );
      onMatchingQueued?.();
    },
    invalidates: [rulesKeys.all],
  });
  const data = indicators.data;
  const error = suppression.error ?? undo.error ?? indicators.error;
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
      <Checkbox
        label="Suppressed only"
        checked={onlySuppressed}
        onChange={(event) => {
          setOnlySuppressed(event.currentTarget.checked);
          setPage(0);
        }}
        style={{ marginTop: 8 }}
      />
      {error && <p className={Classes.TEXT_MUTED}>{error}</p>}
      {undoneLine && (
        <p role="status" data-testid="undo-notice">
          {undoneLine}
        </p>
      )}
      {data && !data.items.length && (
        <p className={Classes.TEXT_MUTED}>
          {onlySuppressed ? 'No indicator of this rule set is suppressed.' : 'No indicator matches.'}
        </p>
      )}
      {data && (
        <TableScroll label="Indicators">
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
                <tr key={i.id} data-testid="indicator-row" data-suppressed={i.suppression ? 'true' : 'false'}>
                  <td title={i.type}>{indicatorTypeText(i.type)}</td>
                  <td>
                    <code>{i.value}</code>
                  </td>
                  <td>{i.familyName}</td>
                  <td>
                    {i.suppression && (
                      <>
                        <Tag
                          minimal
                          intent="warning"
                          icon={<Disable />}
                          title={`${i.suppression.reason}${i.suppression.author ? ` (${i.suppression.author})` : ''}`}
                        >
                          {i.suppression.value === null
                            ? `Suppressed: ${i.suppression.reason}`
                            : `Suppressed for ${i.suppression.value}: ${i.suppression.reason}`}
                        </Tag>{' '}
                        {canSuppress && (
                          <Button
                            size="small"
                            text="Undo"
                            aria-label={`Undo the suppression of ${i.value}`}
                            disabled={undo.pending}
                            onClick={() => void undo.run(i.suppression!.id)}
                          />
                        )}
                      </>
                    )}{' '}
                    {i.suppression?.value === null ? null : canSuppress && suppressing === i.id ? (
                      <ReasonForm
                        onSuppress={(reason) => suppression.run(i.id, reason)}
                        onCancel={() => setSuppressing(null)}
                      />
                    ) : (
                      canSuppress && <Button size="small" text="Suppress" onClick={() => setSuppressing(i.id)} />
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
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
