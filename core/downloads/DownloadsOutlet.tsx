import { Button, Callout, Card, Classes, Elevation, Intent, ProgressBar } from '@blueprintjs/core';
import { Cross } from '@blueprintjs/icons';
import type { CSSProperties } from 'react';

import { useObservable } from '../react/useObservable';
import { useService } from '../react/useService';
import { formatProgress } from './DefaultDownloadService';
import { type DownloadItem, DownloadServiceToken } from './DownloadService';

const STACK_STYLE: CSSProperties = {
  position: 'fixed',
  right: 16,
  bottom: 16,
  zIndex: 30,
  display: 'flex',
  flexDirection: 'column',
  gap: 8,
  width: 320,
};

const NO_ITEMS: readonly DownloadItem[] = [];

/** Download panels stacked bottom-right (spec §2), newest at the bottom. */
export function DownloadsOutlet() {
  const downloads = useService(DownloadServiceToken);
  const items = useObservable(downloads.items$, NO_ITEMS);
  if (items.length === 0) return null;
  return (
    <div style={STACK_STYLE} aria-live="polite">
      {items.map((item) => (
        <Card key={item.id} elevation={Elevation.TWO} data-testid="download-panel">
          <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 8 }}>
            {item.noTitle ? <span /> : <strong>{item.titleMessage}</strong>}
            {item.error ? (
              <Button
                variant="minimal"
                size="small"
                icon={<Cross />}
                aria-label="Close"
                onClick={() => downloads.dismiss(item.id)}
              />
            ) : null}
          </div>
          {item.message ? <p className={Classes.TEXT_MUTED}>{item.message}</p> : null}
          {item.error ? (
            <Callout intent={Intent.DANGER} compact>
              {item.error}
            </Callout>
          ) : (
            <>
              <ProgressBar
                intent={Intent.PRIMARY}
                value={item.total ? Math.min(1, item.loaded / item.total) : undefined}
                animate={!item.done}
              />
              <div className={Classes.TEXT_SMALL}>{formatProgress(item)}</div>
            </>
          )}
        </Card>
      ))}
    </div>
  );
}
