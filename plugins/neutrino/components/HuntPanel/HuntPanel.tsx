import { Button, ButtonGroup, Callout, Classes, Intent, NonIdealState, Spinner } from '@blueprintjs/core';
import { Download } from '@blueprintjs/icons';

import { count } from '@common/format/count';
import { errorText } from '@core/http/errorText';
import { useMutation } from '@core/react/useMutation';
import { useService } from '@core/react/useService';

import { NeutrinoApiToken } from '../../api/NeutrinoApi';
import { neutrinoKeys } from '../../hooks/neutrinoKeys';
import { useHunt } from '../../hooks/useHunt';
import type { NeutrinoAccess } from '../../neutrinoAccess';
import { DeviceHitsList } from '../DeviceHitsList/DeviceHitsList';
import { HuntForm } from '../HuntForm/HuntForm';
import { SaveHuntForm } from '../SaveHuntForm/SaveHuntForm';

/** Hunt: every observation of every device of the tenant, grouped by device, paged on the server. */
export function HuntPanel({ access }: { access: NeutrinoAccess }) {
  const api = useService(NeutrinoApiToken);
  const hunt = useHunt();
  const save = useMutation(
    (name: string) =>
      api.saveHunt({
        name,
        hunt: {
          mode: hunt.criteria!.mode,
          value: hunt.criteria!.value,
          ...(hunt.criteria!.kinds ? { kinds: hunt.criteria!.kinds } : {}),
        },
      }),
    {
      describe: errorText,
      invalidates: [neutrinoKeys.savedHunts()],
    },
  );
  const { data, error, loading } = hunt.page;
  return (
    <div>
      <HuntForm onSearch={hunt.search} />
      {error && <Callout intent={Intent.DANGER}>{error}</Callout>}
      {loading && !data && <Spinner size={24} />}
      {hunt.criteria && data && !error && (
        <>
          <div className="neutrino-toolbar">
            <span className={Classes.TEXT_MUTED}>
              {data.items.length === 0
                ? 'No device observed it.'
                : `Page ${hunt.pageNumber}: ${count(data.items.length, 'device')}, newest sighting first.`}
            </span>
            <ButtonGroup>
              <Button text="Previous" disabled={hunt.pageNumber === 1} onClick={hunt.previous} />
              <Button text="Next" disabled={!data.nextCursor} onClick={hunt.next} />
              <Button
                icon={<Download />}
                text="Export CSV"
                onClick={() => void hunt.exportCsv()}
                disabled={data.items.length === 0}
              />
            </ButtonGroup>
          </div>
          {data.items.length === 0 ? (
            <NonIdealState
              title="No device observed it"
              description="Try contains, another kind or a wider time range."
            />
          ) : (
            <DeviceHitsList items={data.items} canOpen={access.openDevice} />
          )}
          {access.save && <SaveHuntForm onSave={save.run} />}
        </>
      )}
    </div>
  );
}
