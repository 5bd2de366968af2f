// Production entry: every plugin the console ships. The host imports manifests only; each
// plugin's pages and header pieces are separate chunks, fetched when the token permits them.
// tsyringe checks for the Reflect metadata API when it loads: this import comes first.
import 'reflect-metadata';
import '@blueprintjs/core/lib/css/blueprint.css';
import 'normalize.css/normalize.css';

import { adminPlugin } from '../plugins/admin';
import { callbackPlugin } from '../plugins/callback';
import { collectorPlugin } from '../plugins/collector';
import { electronPlugin } from '../plugins/electron';
import { globalrulesrepositoryPlugin } from '../plugins/globalrulesrepository';
import { gluonPlugin } from '../plugins/gluon';
import { introPlugin } from '../plugins/intro';
import { invitePlugin } from '../plugins/invite';
import { loginPlugin } from '../plugins/login';
import { mfaSetupPlugin } from '../plugins/mfa-setup';
import { monitoringPlugin } from '../plugins/monitoring';
import { neutrinoPlugin } from '../plugins/neutrino';
import { resetPasswordPlugin } from '../plugins/reset-password';
import { shellPlugin } from '../plugins/shell';
import { unsubscribePlugin } from '../plugins/unsubscribe';
import { startHost } from './startHost';

export const plugins = [
  // public: sign-in flows
  introPlugin,
  loginPlugin,
  callbackPlugin,
  // public: flows opened from links the API sends
  invitePlugin,
  resetPasswordPlugin,
  collectorPlugin,
  unsubscribePlugin,
  // shell: signed-in chrome and account pages
  shellPlugin,
  mfaSetupPlugin,
  // products
  gluonPlugin,
  neutrinoPlugin,
  electronPlugin,
  adminPlugin,
  monitoringPlugin,
  globalrulesrepositoryPlugin,
];

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('index.html has no #root element');
startHost({ plugins, rootElement, runtimePlugins: true });
