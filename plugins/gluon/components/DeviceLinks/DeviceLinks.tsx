import { Classes, Code, HTMLTable, InputGroup, Tag } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { useState } from 'react';

import { count } from '@common/format/count';
import { errorText } from '@core/http/errorText';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { GluonApiToken } from '../../api/GluonApi';
import { gluonKeys } from '../../hooks/gluonKeys';
import { ListPager } from '../ListPager/ListPager';

/** DeviceLinksProps: the device whose links and domains are listed. */
export interface DeviceLinksProps {
  deviceId: string;
}

/**
 * The links and domains seen on a device (SMS, dumpsys, bugreport...), flagged first, each with
 * the file, line and record it was read in; searched and paged on the server. A shortened link is
 * shown as seen: nothing is ever followed.
 */
export function DeviceLinks({ deviceId }: DeviceLinksProps) {
  const api = useService(GluonApiToken);
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const links = useLoader(
    gluonKeys.deviceLinks(deviceId, search, page),
    () => api.getDeviceLinks(deviceId, search, page),
    {
      describe: errorText,
    },
  );
  const data = links.data;
  const last = data ? Math.max(0, Math.ceil(data.total / data.size) - 1) : 0;
  return (
    <div data-testid="device-links">
      <InputGroup
        leftIcon={<Search />}
        placeholder="Search links, domains and messages"
        value={search}
        onValueChange={(next) => {
          setSearch(next);
          setPage(0);
        }}
        aria-label="Search links and domains"
        style={{ maxWidth: 360 }}
      />
      {links.error && <p className={Classes.TEXT_MUTED}>{links.error}</p>}
      {data && data.total === 0 && (
        <p className={Classes.TEXT_MUTED}>
          {search.trim() ? 'No link or domain matches the search.' : 'No link or domain was read on this device.'}
        </p>
      )}
      {data && data.total > 0 && (
        <>
          <p className={Classes.TEXT_MUTED}>{count(data.total, 'link or domain', 'links and domains')}.</p>
          <TableScroll label="Links and domains">
            <HTMLTable compact striped style={{ width: '100%' }} aria-label="Links and domains">
              <thead>
                <tr>
                  <th>Value</th>
                  <th>Kind</th>
                  <th>Flagged by</th>
                  <th>Read in</th>
                </tr>
              </thead>
              <tbody>
                {data.items.map((l) => (
                  <tr key={`${l.kind}/${l.value}`} data-testid="device-link" data-flagged={l.flaggedBy.length > 0}>
                    <td style={{ wordBreak: 'break-all' }}>
                      {l.value}{' '}
                      {l.shortener && (
                        <Tag minimal title="A link shortener: kept as seen, never followed">
                          shortened
                        </Tag>
                      )}
                    </td>
                    <td>{l.kind === 'url' ? 'Link' : 'Domain'}</td>
                    <td>
                      {l.flaggedBy.map((v) => (
                        <Tag key={v} intent="danger" minimal style={{ marginRight: 4 }}>
                          {v}
                        </Tag>
                      ))}
                    </td>
                    <td className={Classes.TEXT_MUTED} style={{ wordBreak: 'break-word' }}>
                      {l.source}
                      {l.line !== null && `:${l.line}`}
                      {l.raw && l.raw !== l.value && (
                        <div>
                          <Code style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-all' }}>{l.raw}</Code>
                        </div>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </TableScroll>
          <ListPager
            page={data.page}
            size={data.size}
            total={data.total}
            previous="Previous"
            next="Next"
            counted="links and domains"
            onPrevious={page > 0 ? () => setPage(page - 1) : null}
            onNext={page < last ? () => setPage(page + 1) : null}
          />
        </>
      )}
    </div>
  );
}
