import { Button, Callout, Classes, H2, Intent } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';

import { useService } from '@core/react';

import { CollectorApiToken } from '../../api/CollectorApi';
import { useQuickDownload } from '../../flows/useQuickDownload';
import { OS_LABELS } from '../../logic/os';
import { CollectorTexts } from '../../logic/texts';
import { DownloadProgressLine } from '../DownloadProgressLine/DownloadProgressLine';
import { HowToLink } from '../HowToLink/HowToLink';

/** The quick-link screen (spec §2): the OS from the token and one Download button. */
export function QuickDownloadView({ token }: { token: string | null }) {
  const quick = useQuickDownload(useService(CollectorApiToken), token);

  if (quick.token.kind !== 'ok') {
    return (
      <Callout intent={Intent.DANGER} role="alert" className="collector-callout">
        {quick.token.kind === 'expired' ? CollectorTexts.linkExpired : CollectorTexts.quickLinkInvalid}
      </Callout>
    );
  }
  const osLabel = OS_LABELS[quick.token.os];
  const running = quick.status.kind === 'running';
  return (
    <section aria-label={CollectorTexts.quickTitle} className="collector-download">
      <H2 className={`collector-subtitle ${Classes.HEADING}`}>{CollectorTexts.quickTitle}</H2>
      <p>
        {CollectorTexts.quickOs}: <strong>{osLabel}</strong>
      </p>
      <Button
        intent={Intent.PRIMARY}
        fill
        icon={<Download />}
        loading={running}
        disabled={quick.status.kind === 'running' || quick.status.kind === 'done'}
        text={CollectorTexts.download(osLabel)}
        onClick={() => void quick.download()}
      />
      <DownloadProgressLine
        downloading={running ? osLabel : null}
        downloaded={quick.status.kind === 'done' ? osLabel : null}
      />
      {quick.status.kind === 'failed' ? (
        <Callout intent={Intent.DANGER} role="alert" className="collector-callout">
          {quick.status.message}
        </Callout>
      ) : null}
      <HowToLink />
    </section>
  );
}
