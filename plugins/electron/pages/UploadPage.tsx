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
  const [uploaded, setUploaded] = useState<string | null>(null);
  // A browser keeps a file input's value until the element is replaced: a new key gives the next upload an empty field.
  const [field, setField] = useState(0);
  const send = async (chosen: File) => {
    setUploaded(null);
    if (!(await upload.send(chosen))) return;
    setUploaded(chosen.name);
    setFile(null);
    setField((n) => n + 1);
  };
  return (
    <section className="electron-upload-page" style={{ padding: 24 }}>
      <H2>Upload an Aftermath archive</H2>
      <p className={Classes.TEXT_MUTED}>
        The <code>Aftermath_&lt;serial&gt;.zip</code> that Jamf&apos;s Aftermath collector writes on a Mac, or its
        output folder zipped. <AppLink to={electronPaths.home()}>Back to the Macs</AppLink>
      </p>
      <FileInput
        key={field}
        text={file ? file.name : 'Choose an archive…'}
        buttonText="Browse"
        inputProps={{ accept: '.zip,application/zip', 'aria-label': 'Aftermath archive' }}
        onInputChange={(event) => setFile((event.target as HTMLInputElement).files?.[0] ?? null)}
      />{' '}
      <Button
        intent={Intent.PRIMARY}
        disabled={!file || upload.sending}
        loading={upload.sending}
        onClick={() => file && void send(file)}
      >
        Upload
      </Button>
      {uploaded && (
        <Callout intent={Intent.SUCCESS} style={{ marginTop: 16 }}>
          {uploaded} uploaded: its inspection is followed in the archives below.
        </Callout>
      )}
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
