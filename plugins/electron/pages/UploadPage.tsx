import { Button, Callout, Classes, FileInput, H2, H4, Intent } from '@blueprintjs/core';
import { useState } from 'react';

import { electronPaths } from '@common/electron/paths';
import type { PageProps } from '@core/plugin/PluginManifest';
import { AppLink } from '@core/ui/AppLink/AppLink';

import { ArchivesList } from '../components/ArchivesList/ArchivesList';
import { useArchiveUpload } from '../hooks/useArchiveUpload';

/** /electron/upload: one Aftermath archive at a time, then its inspection to the end. */
export default function UploadPage(_props: PageProps) {
  const upload = useArchiveUpload();
  const [file, setFile] = useState<File | null>(null);
  return (
    <section className="electron-upload-page" style={{ padding: 24 }}>
      <H2>Upload an Aftermath archive</H2>
      <p className={Classes.TEXT_MUTED}>
        The <code>Aftermath_&lt;serial&gt;.zip</code> that Jamf&apos;s Aftermath collector writes on a Mac, or its
        output folder zipped. <AppLink to={electronPaths.home()}>Back to the Macs</AppLink>
      </p>
      <FileInput
        text={file ? file.name : 'Choose an archive…'}
        buttonText="Browse"
        inputProps={{ accept: '.zip,application/zip', 'aria-label': 'Aftermath archive' }}
        onInputChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
      />{' '}
      <Button
        intent={Intent.PRIMARY}
        disabled={!file || upload.sending}
        loading={upload.sending}
        onClick={() => file && void upload.send(file)}
      >
        Upload
      </Button>
      {upload.error && (
        <Callout intent={Intent.DANGER} style={{ marginTop: 16 }}>
          {upload.error}
        </Callout>
      )}
      <H4 style={{ marginTop: 24 }}>Archives</H4>
      {upload.archives.error && <Callout intent={Intent.DANGER}>{upload.archives.error}</Callout>}
      {upload.archives.data && <ArchivesList archives={upload.archives.data.items} />}
    </section>
  );
}
