import './UnsubscribePage.css';

import { Button, Callout, Classes, H1, Intent } from '@blueprintjs/core';

import { NavigationServiceToken } from '@core/navigation/NavigationService';
import type { PageProps } from '@core/plugin/PluginManifest';
import { useObservable, useService } from '@core/react';
import { PublicPage } from '@core/ui/PublicPage/PublicPage';

import { UnsubscribeApiToken } from '../api/UnsubscribeApi';
import { UnsubscribeTexts } from '../logic/texts';
import { useMinWidth } from '../logic/useMinWidth';
import { useUnsubscribe } from '../logic/useUnsubscribe';

/** `/unsubscribe?jwt=…`: leave one notification or all of them (spec §2). */
export default function UnsubscribePage(_props: PageProps) {
  const api = useService(UnsubscribeApiToken);
  const nav = useService(NavigationServiceToken);
  const search = useObservable(nav.search$, nav.search());
  const jwt = new URLSearchParams(search).get('jwt')?.trim() || null;
  const { state, unsubscribe } = useUnsubscribe(api, jwt);
  const wide = useMinWidth();

  if (!wide) {
    return (
      <PublicPage card={false}>
        <p className={Classes.TEXT_MUTED} role="note">
          {UnsubscribeTexts.narrow}
        </p>
      </PublicPage>
    );
  }

  const expired = (
    <Callout intent={Intent.DANGER} role="alert" className="unsubscribe-callout">
      {UnsubscribeTexts.expired}
    </Callout>
  );

  let body;
  if (state.kind === 'done') {
    body = (
      <>
        <H1 className={`unsubscribe-title ${Classes.HEADING}`}>
          {state.scope === 'all' ? UnsubscribeTexts.doneAll : UnsubscribeTexts.doneOne}
        </H1>
        <p className={Classes.TEXT_MUTED}>{UnsubscribeTexts.undo}</p>
      </>
    );
  } else {
    const pending = state.kind === 'ask' ? state.pending : null;
    body = (
      <>
        <H1 className={`unsubscribe-title ${Classes.HEADING}`}>{UnsubscribeTexts.question}</H1>
        {state.kind === 'ask' ? (
          <div className="unsubscribe-actions">
            <Button
              intent={Intent.PRIMARY}
              text={UnsubscribeTexts.one}
              loading={pending === 'notification'}
              disabled={pending === 'all'}
              onClick={() => void unsubscribe('notification')}
            />
            <Button
              text={UnsubscribeTexts.all}
              loading={pending === 'all'}
              disabled={pending === 'notification'}
              onClick={() => void unsubscribe('all')}
            />
          </div>
        ) : null}
        {state.kind === 'no-link' || (state.kind === 'ask' && state.failed) ? expired : null}
      </>
    );
  }

  return (
    <PublicPage width={520} cardClassName="unsubscribe-card">
      {body}
    </PublicPage>
  );
}
