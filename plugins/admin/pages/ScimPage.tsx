import { Button, Callout, Card, Classes, H3, Spinner } from '@blueprintjs/core';
import { useState } from 'react';

import { useDateTimeFormatter } from '@core/locale/useDateTimeFormatter';
import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';

import { adminAccess } from '../adminAccess';
import { AdminLayout } from '../components/AdminLayout/AdminLayout';
import { useScimToken } from '../hooks/useScimToken';

/**
 * /admin/scim: the tenant's SCIM provisioning (Okta, Microsoft Entra ID). The base URL and the
 * bearer token a directory is given; the token is shown once, after creating or rotating it.
 */
export default function ScimPage(_props: PageProps) {
  const scim = useScimToken();
  const { canWrite } = useAccess(adminAccess);
  const format = useDateTimeFormatter();
  const [copied, setCopied] = useState(false);
  const status = scim.status.data;
  const copy = async (token: string) => {
    await navigator.clipboard?.writeText(token);
    setCopied(true);
  };
  return (
    <AdminLayout title="SCIM provisioning" actions={scim.status.loading && <Spinner size={16} />}>
      <p className={Classes.TEXT_MUTED}>
        Your directory (Okta, Microsoft Entra ID) creates, updates and deactivates the users of this organisation. A
        deactivated user is signed out at once. A group named after a permission preset (for example “Inspection admin”)
        gives its members that preset.
      </p>
      {scim.status.error && (
        <Callout intent="danger" role="alert">
          {scim.status.error}
        </Callout>
      )}
      {scim.action.error && (
        <Callout intent="danger" role="alert">
          {scim.action.error}
        </Callout>
      )}
      {scim.created && (
        <Callout intent="success" title="New SCIM token" className="admin-section">
          <p>Copy it now: it is shown only this once. Paste it as the directory’s bearer token (Secret Token).</p>
          <p className="admin-link-box">
            <code data-testid="scim-token">{scim.created.token}</code>
          </p>
          <Button size="small" text={copied ? 'Copied' : 'Copy token'} onClick={() => void copy(scim.created!.token)} />
        </Callout>
      )}
      {status && (
        <Card className="admin-section">
          <H3>Connection</H3>
          <p>
            SCIM base URL (Tenant URL): <code data-testid="scim-base-url">{status.baseUrl}</code>
          </p>
          <p data-testid="scim-token-status">
            {status.configured
              ? `A token is set, created ${format(status.createdAt!)}; ${
                  status.lastUsedAt ? `last used ${format(status.lastUsedAt)}` : 'not used yet'
                }.`
              : 'No token yet: the directory cannot connect.'}
          </p>
          {canWrite ? (
            <div className="admin-actions">
              <Button
                intent="primary"
                text={status.configured ? 'Rotate token' : 'Create token'}
                loading={scim.action.busy}
                onClick={() => void scim.rotate()}
              />{' '}
              {status.configured && (
                <Button
                  intent="danger"
                  text="Revoke token"
                  disabled={scim.action.busy}
                  onClick={() => void scim.revoke()}
                />
              )}
              {status.configured && (
                <p className={Classes.TEXT_MUTED}>Rotating replaces the token: the old one stops working at once.</p>
              )}
            </div>
          ) : (
            <p className={Classes.TEXT_MUTED}>Only a user with user write permission may create or rotate the token.</p>
          )}
        </Card>
      )}
    </AdminLayout>
  );
}
