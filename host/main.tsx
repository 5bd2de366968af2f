// Production entry: every plugin the console ships. The host imports manifests only; each
// plugin's pages and header pieces are separate chunks, fetched when the token permits them.
// tsyringe checks for the Reflect metadata API when it loads: this import comes first.
import 'reflect-metadata';
import '@blueprintjs/core/lib/css/blueprint.css';
import 'normalize.css/normalize.css';
import { adminPlugin } from '../plugins/admin';
import { callbackPlugin } from '../plugins/callback';
import { electronPlugin } from '../plugins/electron';
import { globalrulesrepositoryPlugin } from '../plugins/globalrulesrepository';
import { gluonPlugin } from '../plugins/gluon';
import { introPlugin } from '../plugins/intro';
import { loginPlugin } from '../plugins/login';
import { mfaSetupPlugin } from '../plugins/mfa-setup';
import { monitoringPlugin } from '../plugins/monitoring';
import { neutrinoPlugin } from '../plugins/neutrino';
import { shellPlugin } from '../plugins/shell';
import { startHost } from './startHost';

export const plugins = [
  // public: sign-in flows
  introPlugin,
  loginPlugin,
  callbackPlugin,
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
startHost({ plugins, rootElement });
