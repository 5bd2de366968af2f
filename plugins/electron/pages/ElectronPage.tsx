import { AnchorButton, Callout, Classes, H2, H4, Intent, Spinner } from '@blueprintjs/core';
import { Upload } from '@blueprintjs/icons';

import { electronPaths } from '@common/electron/paths';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useService } from '@core/react/useService';

import { ArchivesList } from '../components/ArchivesList/ArchivesList';
import { MacsTable } from '../components/MacsTable/MacsTable';
import { useMacs } from '../hooks/useMacs';

/** Landing page of /electron: the Macs by risk and the latest Aftermath archives. */
export default function ElectronPage(_props: PageProps) {
  const { data, error, loading } = useMacs();
  const navigation = useService(NavigationServiceToken);
  return (
    <section className="electron-page" style={{ padding: 24 }}>
      <H2>Electron</H2>
      <p className={Classes.TEXT_MUTED}>
        Compromise assessment of Macs: upload an Aftermath archive, see what persists, what was granted, what ran and
        what it talked to, matched against the same indicators as the phones.
      </p>
      <AnchorButton
        href={electronPaths.upload()}
        intent={Intent.PRIMARY}
        icon={<Upload />}
        onClick={(event) => {
          // A plain click stays in the console (no reload); a modified one is the browser's (new tab).
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0) return;
          event.preventDefault();
          navigation.navigate(electronPaths.upload());
        }}
      >
        Upload an Aftermath archive
      </AnchorButton>
      {error && (
        <Callout intent={Intent.DANGER} style={{ marginTop: 16 }}>
          {error}
        </Callout>
      )}
      {loading && !data && <Spinner size={24} />}
      {data && (
        <>
          <H4 style={{ marginTop: 24 }}>Macs by risk</H4>
          <MacsTable macs={data.items} />
          <H4 style={{ marginTop: 24 }}>Latest archives</H4>
          <ArchivesList archives={data.archives} />
        </>
      )}
    </section>
  );
}
