import { LoginForm } from '../components/LoginForm/LoginForm';
import { LoginLayout } from '../components/LoginLayout/LoginLayout';
import { STEP_TITLES } from '../logic/stepTitles';

const nothing = async () => undefined;
const ignore = () => {};

/**
 * The sign-in step as the document carries it: the build renders this to HTML
 * (scripts/lib/prerender.mjs) and the API puts it into `/login`'s document, so the form paints
 * with the stylesheet, before ~110 KiB of script has run. Same markup as the page's first
 * render (LoginPrerender.test.tsx), except that every button is disabled until the live form
 * replaces it; what was typed meanwhile carries over (logic/typedBeforeStart.ts).
 */
export function LoginPrerender() {
  return (
    <LoginLayout title={STEP_TITLES.login}>
      <LoginForm
        beforeStart
        passwordRecoveryEnabled={false}
        onSubmit={nothing}
        onForgotPassword={ignore}
        onJamf={nothing}
        onGoogle={nothing}
        onOkta={ignore}
        // Every browser the console supports has passkeys: the copy keeps the button's room, so the
        // live form taking over moves nothing (a browser without them loses one row).
        onPasskey={nothing}
      />
    </LoginLayout>
  );
}
