import './incidentQueue.css';

import { Button, Checkbox, Classes, HTMLSelect, HTMLTable, InputGroup } from '@blueprintjs/core';
import { ChevronDown, ChevronUp, Search } from '@blueprintjs/icons';

import { gluonPaths } from '@common/gluon/paths';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { QueueSort, QueueState } from '../../api/GluonApi';
import { ageText } from '../../hooks/ageText';
import { useIncidentQueue } from '../../hooks/useIncidentQueue';
import { useNow } from '../../hooks/useNow';
import { GluonLink } from '../GluonLink/GluonLink';
import { StatusTag } from '../StatusTag/StatusTag';

const STATES: ReadonlyArray<readonly [QueueState, string]> = [
  ['active', 'Open and confirmed'],
  ['open', 'Open'],
  ['confirmed', 'Confirmed'],
  ['benign', 'Benign'],
  ['false_positive', 'False positive'],
  ['all', 'All states'],
];

const COLUMNS: ReadonlyArray<readonly [QueueSort, string]> = [
  ['severity', 'Severity'],
  ['family', 'Family'],
  ['device', 'Device'],
  ['state', 'State'],
  ['created', 'Age'],
];

/** Incidents across devices, the analyst's first stop: filtered, sorted and paged on the server. */
export function IncidentQueue() {
  const queue = useIncidentQueue();
  const formatDate = useDateTimeFormatter();
  const now = useNow();
  const data = queue.incidents.data;
  const filtered = queue.state !== 'active' || queue.search.trim() !== '' || queue.mine;
  return (
    <section aria-labelledby="gluon-queue-title" className="gluon-queue">
      <h3 id="gluon-queue-title" className={Classes.HEADING}>
        Incidents{data ? ` (${data.total})` : ''}
      </h3>
      <div className="gluon-queue-filters">
        <InputGroup
          leftIcon={<Search />}
          placeholder="Search family, device, model"
          aria-label="Search incidents"
          value={queue.search}
          onValueChange={queue.setSearch}
        />
        <HTMLSelect
          aria-label="Incident state"
          value={queue.state}
          onChange={(e) => queue.setState(e.currentTarget.value as QueueState)}
        >
          {STATES.map(([value, label]) => (
            <option key={value} value={value}>
              {label}
            </option>
          ))}
        </HTMLSelect>
        <Checkbox
          label="Assigned to me"
          checked={queue.mine}
          onChange={(e) => queue.setMine(e.currentTarget.checked)}
        />
      </div>
      {queue.incidents.error && <p className={Classes.TEXT_MUTED}>{queue.incidents.error}</p>}
      {data && !data.items.length && (
        <p className={Classes.TEXT_MUTED}>
          {filtered ? 'No incident matches.' : 'No open incident: nothing found on the devices inspected so far.'}
        </p>
      )}
      {data && data.items.length > 0 && (
        // Focusable, so keyboard users reach columns a narrow screen hides (the table wraps first).
        <TableScroll label="Incidents table">
          <HTMLTable compact striped className="gluon-queue-table" style={{ width: '100%' }} aria-label="Incidents">
            <thead>
              <tr>
                {COLUMNS.map(([key, label]) => (
                  <th
                    key={key}
                    aria-sort={queue.sort === key ? (queue.order === 'asc' ? 'ascending' : 'descending') : 'none'}
                  >
                    <Button
                      variant="minimal"
                      size="small"
                      text={label}
                      endIcon={queue.sort === key ? queue.order === 'asc' ? <ChevronUp /> : <ChevronDown /> : undefined}
                      onClick={() => queue.sortBy(key)}
                    />
                  </th>
                ))}
                <th>Owner</th>
              </tr>
            </thead>
            <tbody>
              {data.items.map((i) => (
                <tr key={i.id} data-testid="queue-row">
                  <td>
                    <StatusTag status={i.severity} />
                  </td>
                  <td>
                    <GluonLink to={gluonPaths.incident(i.id)}>{i.familyName}</GluonLink>
                  </td>
                  <td>
                    <GluonLink to={gluonPaths.device(i.deviceId)}>{i.deviceDisplayName}</GluonLink>
                  </td>
                  <td>
                    <StatusTag status={i.state} />
                  </td>
                  <td title={`Opened ${formatDate(i.createdAt)}, last change ${formatDate(i.updatedAt)}`}>
                    {ageText(i.createdAt, now)}
                  </td>
                  <td>{i.owner ? i.owner.email : <span className={Classes.TEXT_MUTED}>Nobody</span>}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
      {(queue.page > 0 || queue.hasNext) && (
        <div className="gluon-queue-pages">
          <Button size="small" text="Previous" disabled={queue.page === 0} onClick={queue.previousPage} />{' '}
          <span className={Classes.TEXT_MUTED}>Page {queue.page + 1}</span>{' '}
          <Button size="small" text="Next" disabled={!queue.hasNext} onClick={queue.nextPage} />
        </div>
      )}
    </section>
  );
}
