import { Button, Callout, Intent, Radio, RadioGroup } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';

import type { CollectorOs } from '../../api/CollectorApi';
import { OS_LABELS } from '../../logic/os';
import { CollectorTexts } from '../../logic/texts';
import { DownloadProgressLine } from '../DownloadProgressLine/DownloadProgressLine';
import { HowToLink } from '../HowToLink/HowToLink';

export interface DownloadStepProps {
  fullName: string;
  os: CollectorOs;
  onChooseOs(os: CollectorOs): void;
  /** False once clicked (spec §4), while the download runs, or when the link went invalid. */
  canDownload: boolean;
  downloading: boolean;
  /** The inline download error box. */
  error: string | null;
  /** The OS whose connector was downloaded (its end shown in place), else null. */
  downloaded?: CollectorOs | null;
  onDownload(): void;
}

/** Step 2 "Download the connector": OS choice, greeting, Download, error box, how-to. */
export function DownloadStep({
  fullName,
  os,
  onChooseOs,
  canDownload,
  downloading,
  error,
  downloaded = null,
  onDownload,
}: DownloadStepProps) {
  return (
    <section aria-label={CollectorTexts.stepDownload} className="collector-download">
      <p className="collector-greeting">{CollectorTexts.greeting(fullName.trim())}</p>
      <RadioGroup
        label={CollectorTexts.chooseOs}
        inline
        selectedValue={os}
        onChange={(event) => onChooseOs(event.currentTarget.value as CollectorOs)}
        disabled={downloading}
      >
        <Radio label={OS_LABELS.WIN} value="WIN" />
        <Radio label={OS_LABELS.MAC} value="MAC" />
      </RadioGroup>
      <Button
        intent={Intent.PRIMARY}
        fill
        icon={<Download />}
        loading={downloading}
        disabled={!canDownload}
        text={CollectorTexts.download(OS_LABELS[os])}
        onClick={onDownload}
      />
      <DownloadProgressLine
        downloading={downloading ? OS_LABELS[os] : null}
        downloaded={downloaded ? OS_LABELS[downloaded] : null}
      />
      {error ? (
        <Callout intent={Intent.DANGER} role="alert" className="collector-callout">
          {error}
        </Callout>
      ) : null}
      <HowToLink />
    </section>
  );
}
