import { Button, Callout, Classes, FormGroup } from '@blueprintjs/core';
import { useEffect, useState } from 'react';

import { BrandingServiceToken, type TenantLogo } from '@core/branding/BrandingService';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable } from '@core/react/useObservable';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';
import { ServerSvg } from '@core/ui/ServerSvg';

import { adminAccess } from '../adminAccess';
import { AdminApiToken } from '../api/AdminApi';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { useAction } from '../hooks/useAction';
import { useConfirmedAction } from '../hooks/useConfirmedAction';
import { checkLogoFile, MAX_LOGO_BYTES } from '../logic/logoFile';

type Preview = { file: File; logo: TenantLogo };

/** LogoPictureProps: an SVG draws through the sanitising ServerSvg, a PNG/JPEG as an image. */
function LogoPicture({ logo, label }: { logo: TenantLogo; label: string }) {
  return logo.kind === 'svg' ? (
    <ServerSvg markup={logo.markup} width={160} label={label} />
  ) : (
    <img src={logo.url} alt={label} />
  );
}

/** /admin/branding: upload (previewed first) or remove the tenant's logo; the header follows at once. */
export default function BrandingPage(_props: PageProps) {
  const api = useService(AdminApiToken);
  const branding = useService(BrandingServiceToken);
  const toasts = useService(ToastServiceToken);
  const current = useObservable(branding.logo$, undefined);
  const { canWrite } = useAccess(adminAccess);
  const action = useAction();
  const confirmed = useConfirmedAction(action);
  const [preview, setPreview] = useState<Preview | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(
    () => () => {
      if (preview?.logo.kind === 'image') URL.revokeObjectURL(preview.logo.url);
    },
    [preview],
  );

  const choose = async (file: File | undefined) => {
    setProblem(null);
    action.clearError();
    setPreview(null);
    if (!file) return;
    const checked = checkLogoFile(file);
    if (checked) return setProblem(checked);
    const isSvg = file.type === 'image/svg+xml' || /\.svg$/i.test(file.name);
    const logo: TenantLogo = isSvg
      ? { kind: 'svg', markup: await file.text() }
      : { kind: 'image', url: URL.createObjectURL(file) };
    setPreview({ file, logo });
  };
  const upload = async () => {
    if (!preview) return;
    const done = await action.run(() => api.uploadLogo(preview.file));
    if (done) {
      setPreview(null);
      branding.reload();
      toasts.success('Logo', 'The logo has been updated.');
    }
  };
  const remove = async () => {
    const done = await confirmed(
      'Remove the logo? The header shows the product mark again.',
      () => api.deleteLogo().then(() => true),
      {
        title: 'Logo',
        message: 'The logo has been removed.',
      },
    );
    if (done) branding.reload();
  };

  return (
    <AdminLayout title="Branding">
      <section className="admin-section">
        <FormGroup label="Current logo">
          <div className="admin-logo-preview" data-testid="current-logo">
            {current ? (
              <LogoPicture logo={current} label="Current logo" />
            ) : (
              <span className={Classes.TEXT_MUTED}>
                {current === null ? 'No logo: the header shows the product mark.' : '…'}
              </span>
            )}
          </div>
        </FormGroup>
        {canWrite && current && (
          <Button
            intent="danger"
            variant="minimal"
            text="Remove logo"
            disabled={action.busy}
            onClick={() => void remove()}
          />
        )}
      </section>
      {canWrite && (
        <section className="admin-section admin-form">
          <FormGroup
            label="Upload a new logo"
            labelFor="logo-file"
            helperText={`SVG or PNG (JPEG too), at most ${MAX_LOGO_BYTES / 1024} KiB. An SVG is sanitised: scripts, links and external references are removed.`}
          >
            {/* A native file input: Blueprint's FileInput draws its placeholder below the contrast ratio axe requires. */}
            <input
              id="logo-file"
              type="file"
              aria-label="Logo file"
              accept="image/svg+xml,image/png,image/jpeg,.svg,.png,.jpg,.jpeg"
              onChange={(e) => void choose(e.currentTarget.files?.[0])}
            />
          </FormGroup>
          {problem && (
            <Callout intent="danger" role="alert">
              {problem}
            </Callout>
          )}
          {preview && (
            <FormGroup label="Preview">
              <div className="admin-logo-preview" data-testid="logo-preview">
                <LogoPicture logo={preview.logo} label="Logo preview" />
              </div>
            </FormGroup>
          )}
          {action.error && (
            <Callout intent="danger" role="alert">
              {action.error}
            </Callout>
          )}
          <Button intent="primary" text="Upload" disabled={!preview || action.busy} onClick={() => void upload()} />
        </section>
      )}
    </AdminLayout>
  );
}
