import { Button, Classes, Code, InputGroup, Tag } from '@blueprintjs/core';
import { Search } from '@blueprintjs/icons';
import { Fragment, useState } from 'react';

import { count } from '@common/format/count';
import { errorText } from '@core/http/errorText';
import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';

import { type AndroidPackage, GluonApiToken } from '../../api/GluonApi';
import { gluonKeys } from '../../hooks/gluonKeys';

/** PackagesTableProps: the Android device whose packages are listed. */
export interface PackagesTableProps {
  deviceId: string;
}

const short = (permission: string) => permission.replace(/^android\.permission\./, '');
const HASH_STYLE = { wordBreak: 'break-all', fontFamily: 'monospace' } as const;

/** The flags a package carries, as tags: sideloaded first (what an analyst looks for). */
function Flags({ pkg }: { pkg: AndroidPackage }) {
  return (
    <span style={{ display: 'inline-flex', flexWrap: 'wrap', gap: 4 }}>
      {pkg.sideloaded && (
        <Tag intent="warning" minimal>
          Sideloaded
        </Tag>
      )}
      {pkg.system === true && <Tag minimal>System</Tag>}
      {pkg.system !== true && pkg.thirdParty !== false && <Tag minimal>Third party</Tag>}
      {pkg.disabled === true && <Tag minimal>Disabled</Tag>}
    </span>
  );
}

/** A package's hashes, signing certificate, permissions and dates: the row opened below it. */
function PackageDetail({ pkg }: { pkg: AndroidPackage }) {
  const formatDate = useDateTimeFormatter();
  // A device-local time without a zone (the device's zone unknown) is shown as the device printed it.
  const when = (value: string | null) =>
    value ? (/[zZ]|[+-]\d\d:\d\d$/.test(value) ? formatDate(value) : value) : '–';
  const granted = pkg.grantedDangerousPermissions;
  return (
    <div data-testid="package-detail" style={{ display: 'grid', gap: 8, padding: '4px 0' }}>
      <div>
        Installed by <strong>{pkg.installer ?? 'no installer (sideloaded)'}</strong>
        {pkg.initiatingInstaller && pkg.initiatingInstaller !== pkg.installer && (
          <> at the request of {pkg.initiatingInstaller}</>
        )}{' '}
        · first installed {when(pkg.firstInstallTime)} · last updated {when(pkg.lastUpdateTime)}
      </div>
      <div>
        Dangerous permissions{granted ? ' (granted in bold)' : ' requested'}:{' '}
        {pkg.dangerousPermissions.length
          ? pkg.dangerousPermissions.map((p, i) => (
              <Fragment key={p}>
                {i > 0 && ', '}
                {granted?.includes(p) ? <strong>{short(p)}</strong> : short(p)}
              </Fragment>
            ))
          : 'none'}
      </div>
      {pkg.files.map((f) => (
        <dl
          key={f.path}
          style={{ margin: 0, display: 'grid', gridTemplateColumns: 'max-content minmax(0, 1fr)', columnGap: 8 }}
        >
          <dt>APK</dt>
          <dd style={{ ...HASH_STYLE, margin: 0 }}>{f.path}</dd>
          {(['sha256', 'sha1', 'md5'] as const).map((a) =>
            f[a] ? (
              <Fragment key={a}>
                <dt>{a.toUpperCase()}</dt>
                <dd style={{ ...HASH_STYLE, margin: 0 }}>{f[a]}</dd>
              </Fragment>
            ) : null,
          )}
          {f.certificate && (
            <>
              <dt>Signed by</dt>
              <dd style={{ margin: 0 }}>
                {[
                  f.certificate.subject,
                  f.certificate.issuer &&
                    f.certificate.issuer !== f.certificate.subject &&
                    `issuer ${f.certificate.issuer}`,
                ]
                  .filter(Boolean)
                  .join(', ') || '–'}
              </dd>
              {(['sha256', 'sha1', 'md5'] as const).map((a) =>
                f.certificate?.[a] ? (
                  <Fragment key={a}>
                    <dt>Certificate {a.toUpperCase()}</dt>
                    <dd style={{ ...HASH_STYLE, margin: 0 }}>{f.certificate[a]}</dd>
                  </Fragment>
                ) : null,
              )}
            </>
          )}
        </dl>
      ))}
      <div className={Classes.TEXT_MUTED}>
        Read from <Code>{pkg.source}</Code>
        {pkg.line !== null && ` line ${pkg.line}`}
      </div>
    </div>
  );
}

/**
 * An Android device's packages from its latest acquisition, sideloaded first, searched on the
 * server (name, installer, permissions, hashes, certificates); each opens to its evidence.
 */
export function PackagesTable({ deviceId }: PackagesTableProps) {
  const api = useService(GluonApiToken);
  const [search, setSearch] = useState('');
  const [open, setOpen] = useState<string | null>(null);
  const packages = useLoader(gluonKeys.packages(deviceId, search), () => api.getPackages(deviceId, search), {
    describe: errorText,
  });
  const page = packages.data;
  return (
    <div data-testid="packages">
      <InputGroup
        leftIcon={<Search />}
        placeholder="Search packages, installers, permissions, hashes"
        value={search}
        onValueChange={setSearch}
        aria-label="Search packages"
        style={{ maxWidth: 360 }}
      />
      {packages.error && <p className={Classes.TEXT_MUTED}>{packages.error}</p>}
      {page && !page.inspectionId && (
        <p className={Classes.TEXT_MUTED}>No Android acquisition listed packages for this device.</p>
      )}
      {page?.inspectionId && (
        <>
          <p className={Classes.TEXT_MUTED}>
            {count(page.total, 'package')}
            {page.total > page.items.length && `, the first ${page.items.length} shown`}
            {search.trim() ? ` matching “${search.trim()}”` : ''}.
          </p>
          {/* Stacked rather than a table: a package's flags and opened details stay readable at 375 px. */}
          <ul aria-label="Packages" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
            {page.items.map((p) => (
              <li
                key={p.name}
                data-testid="package-row"
                className="gluon-package"
                style={{ padding: '8px 0', borderBottom: '1px solid rgba(128, 128, 128, 0.25)' }}
              >
                <div
                  style={{
                    display: 'flex',
                    flexWrap: 'wrap',
                    gap: 8,
                    alignItems: 'baseline',
                    justifyContent: 'space-between',
                  }}
                >
                  <span style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
                    <strong>{p.name}</strong>
                    {p.versionName && <span className={Classes.TEXT_MUTED}> {p.versionName}</span>}
                  </span>
                  <Button
                    size="small"
                    variant="minimal"
                    text={open === p.name ? 'Hide' : 'Details'}
                    aria-expanded={open === p.name}
                    aria-label={`${open === p.name ? 'Hide' : 'Details of'} ${p.name}`}
                    onClick={() => setOpen(open === p.name ? null : p.name)}
                  />
                </div>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: '4px 12px', alignItems: 'center' }}>
                  <Flags pkg={p} />
                  <span>
                    <span className={Classes.TEXT_MUTED}>Installer </span>
                    {p.installer ?? 'none'}
                  </span>
                  <span>
                    <span className={Classes.TEXT_MUTED}>Dangerous permissions </span>
                    {p.grantedDangerousPermissions
                      ? `${p.grantedDangerousPermissions.length} granted of ${p.dangerousPermissions.length}`
                      : `${p.dangerousPermissions.length} requested`}
                  </span>
                </div>
                {open === p.name && <PackageDetail pkg={p} />}
              </li>
            ))}
          </ul>
        </>
      )}
    </div>
  );
}
