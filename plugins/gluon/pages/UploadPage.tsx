import { Button, Classes, H2, H4 } from '@blueprintjs/core';
import { useState } from 'react';

import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';

import { BackupPasswordField } from '../components/BackupPasswordField/BackupPasswordField';
import { RecentUploads } from '../components/RecentUploads/RecentUploads';
import { UploadDropZone } from '../components/UploadDropZone/UploadDropZone';
import { UploadProgressList } from '../components/UploadProgressList/UploadProgressList';
import { gluonAccess } from '../gluonAccess';
import { useRecentUploads } from '../hooks/useRecentUploads';
import { ACCEPTED_HINT, useUploadQueue } from '../hooks/useUploadQueue';

/** /gluon/upload: where uploaders land after signing in (spec §4); files in, inspections out. */
export default function UploadPage(_props: PageProps) {
  const access = useAccess(gluonAccess);
  const { uploads, page, onPrevious, onNext, showNewest } = useRecentUploads(access.upload);
  const queue = useUploadQueue(showNewest);
  const [backupPassword, setBackupPassword] = useState('');
  const addFiles = (files: File[]) => {
    queue.add(files, backupPassword || undefined);
    setBackupPassword('');
  };
  return (
    <section className="gluon-upload-page" style={{ padding: 24, maxWidth: 1100 }}>
      <H2>Upload</H2>
      <p className={Classes.TEXT_MUTED}>Upload files for inspection.</p>
      {access.upload ? (
        <>
          <BackupPasswordField value={backupPassword} onChange={setBackupPassword} />
          <UploadDropZone onFiles={addFiles} hint={ACCEPTED_HINT} />
          <UploadProgressList files={queue.files} latest={uploads.data?.items ?? []} />
          {queue.files.some((f) => f.status !== 'waiting' && f.status !== 'uploading') && (
            <Button size="small" variant="minimal" text="Clear finished" onClick={queue.clearFinished} />
          )}
        </>
      ) : (
        <p>Your account cannot start inspections.</p>
      )}
      {access.upload && (
        <>
          <H4 style={{ marginTop: 24 }}>Recent uploads</H4>
          {uploads.error && <p className={Classes.TEXT_MUTED}>{uploads.error}</p>}
          {uploads.data && (
            <RecentUploads
              page={uploads.data}
              index={page}
              linkDevices={access.readReports}
              onNewer={onPrevious}
              onOlder={onNext}
            />
          )}
        </>
      )}
    </section>
  );
}
