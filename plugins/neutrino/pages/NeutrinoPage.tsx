import '../neutrino.css';

import { Callout, Classes, H2, Intent, Tab, Tabs } from '@blueprintjs/core';
import { useState } from 'react';

import { useAccess } from '@core/permissions/useAccess';
import type { PageProps } from '@core/plugin/PluginManifest';
import { AppLink } from '@core/ui/AppLink/AppLink';

import { CampaignsPanel } from '../components/CampaignsPanel/CampaignsPanel';
import { HuntPanel } from '../components/HuntPanel/HuntPanel';
import { SavedHuntsPanel } from '../components/SavedHuntsPanel/SavedHuntsPanel';
import { SweepPanel } from '../components/SweepPanel/SweepPanel';
import { neutrinoAccess } from '../neutrinoAccess';

type TabId = 'hunt' | 'sweep' | 'campaigns' | 'saved';

/** /neutrino: fleet threat hunting — hunt, sweep, campaigns and saved hunts over every device of the tenant. */
export default function NeutrinoPage(_props: PageProps) {
  const access = useAccess(neutrinoAccess);
  const [tab, setTab] = useState<TabId>('hunt');
  return (
    <section className="neutrino-page">
      <H2>Neutrino</H2>
      <p className={Classes.TEXT_MUTED}>
        Threat hunting across every device, phones and Macs: which of your devices ever saw this, and when.
      </p>
      {!access.hunt ? (
        <Callout intent={Intent.WARNING} title="No hunting permission">
          Your account has no threat-hunting permission (Threat hunting across devices: View). Ask an administrator, or
          go back to <AppLink to="/">the console</AppLink>.
        </Callout>
      ) : (
        <Tabs id="neutrino-tabs" selectedTabId={tab} onChange={(id) => setTab(id as TabId)} renderActiveTabPanelOnly>
          <Tab id="hunt" title="Hunt" panel={<HuntPanel access={access} />} />
          <Tab id="sweep" title="Sweep" panel={<SweepPanel access={access} />} />
          <Tab id="campaigns" title="Campaigns" panel={<CampaignsPanel />} />
          <Tab id="saved" title="Saved hunts" panel={<SavedHuntsPanel access={access} />} />
        </Tabs>
      )}
    </section>
  );
}
