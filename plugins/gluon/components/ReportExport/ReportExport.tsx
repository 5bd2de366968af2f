import { Button, Callout, Intent } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';

import type { ReportFormat } from '../../api/GluonApi';
import { useReportExport } from '../../hooks/useReportExport';

/** ReportExportProps: the device whose findings are exported (its name names the file). */
export interface ReportExportProps {
  deviceId: string;
  deviceName: string;
}

const FORMATS: readonly ReportFormat[] = ['json', 'csv', 'stix'];
const BUTTON_TEXT: Record<ReportFormat, string> = { json: 'Report JSON', csv: 'Report CSV', stix: 'STIX sightings' };
const INTENTS = { preparing: Intent.PRIMARY, done: Intent.SUCCESS, failed: Intent.DANGER } as const;

/** The device's report buttons and, in place, where the export the user started stands. */
export function ReportExport({ deviceId, deviceName }: ReportExportProps) {
  const { state, running, start } = useReportExport(deviceId, deviceName);
  return (
    <div className="gluon-report-export" style={{ display: 'flex', flexWrap: 'wrap', gap: 8, alignItems: 'center' }}>
      {FORMATS.map((format) => (
        <Button
          key={format}
          icon={<Download />}
          text={BUTTON_TEXT[format]}
          loading={running && state?.format === format}
          disabled={running && state?.format !== format}
          onClick={() => void start(format)}
        />
      ))}
      {/* Always in the page, so a screen reader hears each change of the line. */}
      <div role="status" data-testid="report-export-status" style={{ flexBasis: '100%' }}>
        {state && (
          <Callout compact intent={INTENTS[state.phase]}>
            {state.line}
            {state.phase === 'failed' && (
              <Button
                size="small"
                variant="minimal"
                intent={Intent.PRIMARY}
                text="Try again"
                onClick={() => void start(state.format)}
              />
            )}
          </Callout>
        )}
      </div>
    </div>
  );
}
