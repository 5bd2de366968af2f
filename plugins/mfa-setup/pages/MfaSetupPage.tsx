import './MfaSetupPage.css';

import { Callout, Card, Classes, Elevation, H2, Intent } from '@blueprintjs/core';

import { CaptchaNotice } from '@core/captcha/CaptchaNotice';
import type { PageProps } from '@core/plugin/PluginManifest';

import { MfaStatus } from '../components/MfaStatus/MfaStatus';
import { PasswordCheckForm } from '../components/PasswordCheckForm/PasswordCheckForm';
import { ProviderCheck } from '../components/ProviderCheck/ProviderCheck';
import { QrVerification } from '../components/QrVerification/QrVerification';
import { RecoveryCodes } from '../components/RecoveryCodes/RecoveryCodes';
import { type MfaSetup, useMfaSetup } from '../hooks/useMfaSetup';
import { recoveryCodesText } from '../logic/mfaErrors';

/** The body of the card for the current phase. */
function PhaseBody({ mfa }: { mfa: MfaSetup }) {
  const { phase } = mfa;
  switch (phase.kind) {
    case 'status':
      return (
        <MfaStatus
          enabled={Boolean(mfa.profile?.totpEnabled)}
          onEnable={() => mfa.start('enable')}
          onDisable={() => mfa.start('disable')}
        />
      );
    case 'password':
      return (
        <>
          {mfa.ssoProvider && (
            <ProviderCheck label={mfa.ssoProvider.label} onVerify={() => mfa.verifyWithProvider(phase.purpose)} />
          )}
          <PasswordCheckForm
            purpose={phase.purpose}
            provider={mfa.ssoProvider?.label}
            onCancel={mfa.cancel}
            onSubmit={(password) => mfa.confirmPassword(phase.purpose, password)}
          />
          <CaptchaNotice />
        </>
      );
    case 'qr':
      return (
        <QrVerification qrUrl={mfa.qrUrl} secret={phase.setup.secret} onCancel={mfa.cancel} onVerify={mfa.verify} />
      );
    case 'codes':
      return (
        <RecoveryCodes
          codes={phase.codes}
          fileText={recoveryCodesText(phase.codes, mfa.profile?.username ?? '')}
          onDone={mfa.cancel}
        />
      );
  }
}

/** /config/2fa (and /gluon/config/2fa): turn the second factor on or off; useMfaSetup holds the logic. */
export default function MfaSetupPage(_props: PageProps) {
  const mfa = useMfaSetup();
  return (
    <div className="mfa-page">
      <Card elevation={Elevation.ONE} className="mfa-card">
        <H2 className={Classes.HEADING}>Two-factor authentication</H2>
        {mfa.notice && (
          <Callout intent={Intent.WARNING} role="alert" className="mfa-notice">
            {mfa.notice}
          </Callout>
        )}
        <PhaseBody mfa={mfa} />
      </Card>
    </div>
  );
}
