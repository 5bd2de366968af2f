import { Button, ButtonGroup, Callout, Classes, H2, H4, HTMLTable, Intent, Spinner, Tag } from '@blueprintjs/core';

import { electronPaths } from '@common/electron/paths';
import { gluonPaths } from '@common/gluon/paths';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { AppLink } from '@core/ui/AppLink/AppLink';
import { BreakableText } from '@core/ui/BreakableText/BreakableText';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import type { MacDetail } from '../api/getMac';
import type { TimelineKind } from '../api/getMacTimeline';
import { ArchivesList } from '../components/ArchivesList/ArchivesList';
import { HeuristicList } from '../components/HeuristicList/HeuristicList';
import { RiskTag } from '../components/RiskTag/RiskTag';
import { ShortHash } from '../components/ShortHash/ShortHash';
import { electronAccess } from '../electronAccess';
import { TIMELINE_PAGE_SIZE, useMac } from '../hooks/useMac';

const onOff = (v: boolean | null, on: string, off: string) =>
  v === null ? <Tag minimal>not collected</Tag> : <Tag intent={v ? Intent.SUCCESS : Intent.DANGER}>{v ? on : off}</Tag>;

const KINDS: { kind: TimelineKind | null; text: string }[] = [
  { kind: null, text: 'Everything' },
  { kind: 'download', text: 'Downloads' },
  { kind: 'tcc', text: 'Permissions' },
  { kind: 'xprotect', text: 'XProtect' },
  { kind: 'execution', text: 'Executions' },
  { kind: 'log', text: 'Unified log' },
  { kind: 'history', text: 'Browsing' },
  { kind: 'file', text: 'Files' },
];

function Tables({ detail }: { detail: MacDetail }) {
  const formatDate = useDateTimeFormatter();
  return (
    <>
      <H4>Persistence</H4>
      <TableScroll label="Persistence">
        <HTMLTable compact striped className="electron-persistence" aria-label="Persistence">
          <thead>
            <tr>
              <th>Kind</th>
              <th>Item</th>
              <th>Starts</th>
              <th>Signature</th>
              <th>SHA256</th>
            </tr>
          </thead>
          <tbody>
            {detail.persistence.map((p) => (
              <tr key={`${p.kind}:${p.path}`}>
                <td>{p.kind}</td>
                <td>
                  <BreakableText paths>{p.label ?? p.path}</BreakableText>
                </td>
                <td>
                  {p.program ? (
                    <code>
                      <BreakableText paths>{p.program}</BreakableText>
                    </code>
                  ) : (
                    '—'
                  )}
                </td>
                <td>{p.signer ?? '—'}</td>
                <td>{p.sha256 ? <ShortHash value={p.sha256} /> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      <H4 style={{ marginTop: 24 }}>Permissions (TCC)</H4>
      <TableScroll label="Permissions (TCC)">
        <HTMLTable compact striped className="electron-tcc" aria-label="Permissions (TCC)">
          <thead>
            <tr>
              <th>Service</th>
              <th>App</th>
              <th>Decision</th>
              <th>When</th>
            </tr>
          </thead>
          <tbody>
            {detail.tcc.map((g, i) => (
              <tr key={`${g.service}:${g.client}:${i}`}>
                <td>{g.service}</td>
                <td>
                  <code>
                    <BreakableText paths>{g.client}</BreakableText>
                  </code>
                </td>
                <td>{g.auth}</td>
                <td>{g.at ? formatDate(g.at) : '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      <H4 style={{ marginTop: 24 }}>Processes</H4>
      {/* The tree's indentation is its meaning, so its lines do not wrap: the block scrolls on its own, a region the keyboard can reach. */}
      <pre
        className={`${Classes.CODE_BLOCK} electron-processes`}
        role="region"
        aria-label="Process tree"
        tabIndex={0}
        style={{ overflowX: 'auto', maxWidth: '100%' }}
      >
        {detail.processes.map((p) => `${'    '.repeat(p.depth)}${p.path} ${p.pid}`).join('\n') || 'Not collected.'}
      </pre>
      <H4 style={{ marginTop: 24 }}>Network</H4>
      <TableScroll label="Network">
        <HTMLTable compact striped className="electron-network" aria-label="Network">
          <thead>
            <tr>
              <th>Process</th>
              <th>Local</th>
              <th>Remote</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {detail.network.map((n, i) => (
              <tr key={i}>
                <td>
                  {n.command} {n.pid ?? ''}
                </td>
                <td>{n.local ?? '—'}</td>
                <td>{n.remote ?? '—'}</td>
                <td>{n.state ?? '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      <H4 style={{ marginTop: 24 }}>Downloads</H4>
      <TableScroll label="Downloads">
        <HTMLTable compact striped className="electron-downloads" aria-label="Downloads">
          <thead>
            <tr>
              <th>When</th>
              <th>By</th>
              <th>File</th>
              <th>From</th>
            </tr>
          </thead>
          <tbody>
            {detail.downloads.map((d, i) => (
              <tr key={i}>
                <td>{d.at ? formatDate(d.at) : '—'}</td>
                <td>{d.agent ?? '—'}</td>
                <td>{d.url ? <BreakableText paths>{d.url}</BreakableText> : '—'}</td>
                <td>{d.origin ? <BreakableText paths>{d.origin}</BreakableText> : '—'}</td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
    </>
  );
}

/** /electron/devices/{id}: what is wrong with a Mac and why, then everything its latest archive holds. */
export default function MacPage({ params }: PageProps) {
  const id = params.deviceId ?? '';
  const state = useMac(id);
  const access = useAccess(electronAccess);
  const formatDate = useDateTimeFormatter();
  const { data, error } = state.mac;
  if (error)
    return (
      <section style={{ padding: 24 }}>
        <Callout intent={Intent.DANGER}>{error}</Callout>
        <AppLink to={electronPaths.home()}>Back to the Macs</AppLink>
      </section>
    );
  if (!data) return <Spinner size={24} />;
  const { mac } = data;
  const timeline = state.timeline.data;
  const pages = timeline ? Math.max(1, Math.ceil(timeline.total / TIMELINE_PAGE_SIZE)) : 1;
  return (
    <section className="electron-mac-page" style={{ padding: 24 }}>
      <p>
        <AppLink to={electronPaths.home()}>Macs</AppLink>
      </p>
      <H2>
        {mac.displayName} <RiskTag risk={mac.risk} />
      </H2>
      <p>
        {mac.model ?? 'Unknown model'} · {mac.osVersion ?? 'macOS version unknown'} · serial number {mac.serial ?? '—'}
      </p>
      <p>
        System Integrity Protection {onOff(data.security.sip, 'on', 'off')} · Gatekeeper{' '}
        {onOff(data.security.gatekeeper, 'on', 'off')} · FileVault {onOff(data.security.fileVault, 'on', 'off')}
      </p>
      <H4>Incidents</H4>
      {data.incidents.length === 0 ? (
        <p className={Classes.TEXT_MUTED}>No indicator of the rule sets matched this Mac.</p>
      ) : (
        <ul className="electron-incidents">
          {data.incidents.map((i) => (
            <li key={i.id}>
              <AppLink to={gluonPaths.incident(i.id)}>{i.familyName}</AppLink> · {i.state} · {i.findings} findings
            </li>
          ))}
        </ul>
      )}
      <H4>Heuristics</H4>
      <HeuristicList heuristics={data.heuristics} canTriage={access.triage} onTriage={state.triage} />
      <Tables detail={data} />
      <H4 style={{ marginTop: 24 }}>Timeline</H4>
      {/* Six filters are wider than a phone: they wrap rather than push the page sideways. */}
      <ButtonGroup style={{ flexWrap: 'wrap', rowGap: 4 }}>
        {KINDS.map((k) => (
          <Button key={k.text} active={state.kind === k.kind} onClick={() => state.setKind(k.kind)}>
            {k.text}
          </Button>
        ))}
      </ButtonGroup>
      <TableScroll label="Timeline">
        <HTMLTable compact striped className="electron-timeline" aria-label="Timeline" style={{ marginTop: 8 }}>
          {/* Headers, also for the cards' "label: value" lines below 600 px. */}
          <thead>
            <tr>
              <th>When</th>
              <th>Kind</th>
              <th>What</th>
              <th>Source</th>
            </tr>
          </thead>
          <tbody>
            {(timeline?.items ?? []).map((e, i) => (
              <tr key={`${e.at}:${i}`}>
                <td>{formatDate(e.at)}</td>
                <td>{e.kind}</td>
                <td>
                  <BreakableText paths>{e.text}</BreakableText>
                </td>
                <td className={Classes.TEXT_MUTED}>
                  <BreakableText paths>{e.source}</BreakableText>
                </td>
              </tr>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      <p>
        <Button disabled={state.page === 0} onClick={() => state.setPage(state.page - 1)}>
          Previous
        </Button>{' '}
        Page {state.page + 1} of {pages}{' '}
        <Button disabled={state.page + 1 >= pages} onClick={() => state.setPage(state.page + 1)}>
          Next
        </Button>
      </p>
      <H4 style={{ marginTop: 24 }}>Archives</H4>
      <ArchivesList archives={data.archives} />
      {data.warnings.length > 0 && (
        <Callout intent={Intent.WARNING} title="Read with warnings">
          {data.warnings.join('; ')}
        </Callout>
      )}
    </section>
  );
}
