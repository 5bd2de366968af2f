import { Button, Callout, ControlGroup, HTMLTable, InputGroup, Intent, NonIdealState } from '@blueprintjs/core';
import { useState } from 'react';

import { neutrinoPaths } from '@common/neutrino/paths';
import { errorText } from '@core/http/errorText';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { AppLink } from '@core/ui/AppLink/AppLink';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { NeutrinoApiToken } from '../../api/NeutrinoApi';
import { neutrinoKeys } from '../../hooks/neutrinoKeys';

/** Campaigns: the families incidents name (follow one), or one indicator value typed in. */
export function CampaignsPanel() {
  const api = useService(NeutrinoApiToken);
  const navigation = useService(NavigationServiceToken);
  const families = useLoader(neutrinoKeys.families(), () => api.families(), { describe: errorText });
  const [indicator, setIndicator] = useState('');
  return (
    <div>
      <form
        aria-label="Follow an indicator"
        className="neutrino-save"
        onSubmit={(e) => {
          e.preventDefault();
          if (indicator.trim()) navigation.navigate(neutrinoPaths.indicatorCampaign(indicator.trim()));
        }}
      >
        <ControlGroup>
          <InputGroup
            aria-label="Indicator value"
            placeholder="One value, e.g. update-cdn.com"
            value={indicator}
            onChange={(e) => setIndicator(e.target.value)}
          />
          <Button type="submit" text="Follow" disabled={!indicator.trim()} />
        </ControlGroup>
      </form>
      {families.error && <Callout intent={Intent.DANGER}>{families.error}</Callout>}
      {families.data && families.data.length === 0 && (
        <NonIdealState title="No family yet" description="Families appear once an inspection opens an incident." />
      )}
      {families.data && families.data.length > 0 && (
        <TableScroll label="Families">
          <HTMLTable compact striped>
            <thead>
              <tr>
                <th>Family</th>
                <th>Devices</th>
                <th>Open incidents</th>
              </tr>
            </thead>
            <tbody>
              {families.data.map((f) => (
                <tr key={f.id}>
                  <td>
                    <AppLink to={neutrinoPaths.familyCampaign(f.id)}>{f.name}</AppLink>
                  </td>
                  <td>{f.devices}</td>
                  <td>{f.open}</td>
                </tr>
              ))}
            </tbody>
          </HTMLTable>
        </TableScroll>
      )}
    </div>
  );
}
