import { Callout, Intent } from '@blueprintjs/core';

import { CollectorTexts } from '../../logic/texts';

/** DownloadProgressLineProps: the OS label of the download running, or of the one that ended. */
export interface DownloadProgressLineProps {
  downloading: string | null;
  downloaded: string | null;
}

/**
 * What the greyed Download button is doing: preparing while the server builds the
 * connector and the downloads panel counts its bytes, then where the file went. Always in the
 * page, so a screen reader hears each change.
 */
export function DownloadProgressLine({ downloading, downloaded }: DownloadProgressLineProps) {
  return (
    <div role="status" data-testid="connector-download-status">
      {downloading ? (
        <Callout compact intent={Intent.PRIMARY} className="collector-callout">
          {CollectorTexts.preparing(downloading)}
        </Callout>
      ) : downloaded ? (
        <Callout compact intent={Intent.SUCCESS} className="collector-callout">
          {CollectorTexts.downloaded(downloaded)}
        </Callout>
      ) : null}
    </div>
  );
}
