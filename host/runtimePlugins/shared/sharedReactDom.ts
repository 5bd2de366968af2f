// What the /console-sdk/ shim of this name re-exports: the host's own instance (see ../sharedModules.ts).
import * as namespace from 'react-dom';

export { namespace };
