// Entry of the runtime e2e build: the real host with two test products.
import 'reflect-metadata';
import '@blueprintjs/core/lib/css/blueprint.css';

import { startHost } from '../../host/startHost';
import { alphaPlugin } from './plugins/alpha';
import { betaPlugin } from './plugins/beta';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('no #root');
startHost({ plugins: [alphaPlugin, betaPlugin], rootElement, title: 'Runtime test host' });
