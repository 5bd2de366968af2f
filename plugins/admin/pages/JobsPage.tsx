import { Button, Callout, Card, Classes, H3, HTMLTable, NonIdealState, Spinner, Tooltip } from '@blueprintjs/core';
import { TickCircleIcon, TimeIcon } from '@blueprintjs/icons';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { adminAccess } from '../adminAccess';
import { FAILED_JOBS_PAGE_SIZE, type FailedJob, type QueueCounts } from '../api/getJobOverview';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { Pager } from '../components/Pager/Pager';
import { useJobs } from '../hooks/useJobs';

/** The counts' columns, in the order a job goes through them. */
const COLUMNS: readonly { key: keyof Omit<QueueCounts, 'queue' | 'label'>; label: string }[] = [
  { key: 'created', label: 'Queued' },
  { key: 'active', label: 'Running' },
  { key: 'retry', label: 'Retrying' },
  { key: 'failed', label: 'Failed' },
  { key: 'completed', label: 'Completed' },
  { key: 'retried', label: 'Retried' },
];

/**
 * A queue in words as its server module declares it, its code in a tooltip (focusable, so a
 * keyboard reaches it too); a queue nothing declared shows its code.
 */
function QueueName({ queue, label }: { queue: string; label: string | null }) {
  return (
    <Tooltip content={<code>{queue}</code>} placement="top">
      <span className="admin-queue-name" tabIndex={0} data-queue={queue}>
        {label ?? queue}
      </span>
    </Tooltip>
  );
}

/**
 * /admin/jobs: the background jobs (inspections, notification deliveries, saved hunts,
 * housekeeping) per queue and state, and the tenant's latest failed jobs with their errors;
 * writers retry a failed job.
 */
export default function JobsPage(_props: PageProps) {
  const jobs = useJobs();
  const { canWrite } = useAccess(adminAccess);
  const format = useDateTimeFormatter();
  const data = jobs.overview.data;
  const failed = data?.failed;
  return (
    <AdminLayout title="Jobs" actions={jobs.overview.loading && <Spinner size={16} />}>
      <p className={Classes.TEXT_MUTED}>
        Work the server does in the background. A failed attempt is retried with a growing pause; a job out of attempts
        stays failed with its error until it is retried here.
      </p>
      {jobs.overview.error && (
        <Callout intent="danger" role="alert">
          {jobs.overview.error}
        </Callout>
      )}
      {jobs.retry.error && (
        <Callout intent="danger" role="alert">
          {jobs.retry.error}
        </Callout>
      )}
      {data && (
        <>
          <Card className="admin-section">
            <H3>Queues</H3>
            {data.queues.length === 0 ? (
              <NonIdealState icon={<TimeIcon size={48} />} title="No background jobs yet" />
            ) : (
              // The table scrolls inside its card on a narrow screen rather than squeezing its columns.
              <TableScroll label="Jobs per queue">
                <HTMLTable compact striped className="admin-table admin-jobs-table" aria-label="Jobs per queue">
                  <thead>
                    <tr>
                      <th>Queue</th>
                      {COLUMNS.map((c) => (
                        <th key={c.key}>{c.label}</th>
                      ))}
                    </tr>
                  </thead>
                  <tbody>
                    {data.queues.map((q) => (
                      <tr key={q.queue} data-testid="queue-row">
                        <td>
                          <QueueName queue={q.queue} label={q.label} />
                        </td>
                        {COLUMNS.map((c) => (
                          <td key={c.key}>{q[c.key].toLocaleString('en-US')}</td>
                        ))}
                      </tr>
                    ))}
                  </tbody>
                </HTMLTable>
              </TableScroll>
            )}
          </Card>
          <section className="admin-section" aria-label="Failed jobs">
            <H3>Failed jobs</H3>
            {failed && failed.items.length === 0 ? (
              <NonIdealState icon={<TickCircleIcon size={48} />} title="No failed jobs" />
            ) : (
              failed && (
                <>
                  <ul className="admin-job-list">
                    {failed.items.map((job: FailedJob) => (
                      <li key={job.id}>
                        <Card className="admin-job" data-testid="failed-job">
                          <div className="admin-job-head">
                            <strong>
                              <QueueName queue={job.queue} label={job.queueLabel} />
                            </strong>
                            {canWrite && (
                              <Button
                                size="small"
                                text="Retry"
                                aria-label={`Retry ${job.queueLabel ?? job.queue} job`}
                                disabled={jobs.retry.busy}
                                onClick={() => void jobs.retryJob(job.id)}
                              />
                            )}
                          </div>
                          <div className={Classes.TEXT_MUTED}>
                            Failed {job.finishedAt ? format(job.finishedAt) : '—'} after {job.attempts}{' '}
                            {job.attempts === 1 ? 'attempt' : 'attempts'}
                          </div>
                          <pre className="admin-job-error">{job.error ?? 'No error was recorded.'}</pre>
                        </Card>
                      </li>
                    ))}
                  </ul>
                  <Pager
                    page={jobs.page}
                    size={FAILED_JOBS_PAGE_SIZE}
                    total={failed.total}
                    shown={failed.items.length}
                    onPrevious={jobs.page > 0 ? () => jobs.goTo(jobs.page - 1) : null}
                    onNext={
                      (jobs.page + 1) * FAILED_JOBS_PAGE_SIZE < failed.total ? () => jobs.goTo(jobs.page + 1) : null
                    }
                  />
                </>
              )
            )}
          </section>
        </>
      )}
    </AdminLayout>
  );
}
