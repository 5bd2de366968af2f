import { defineModule } from '../defineModule';

/**
 * The inspection engine: a library module without routes or database. Gluon runs it over
 * uploads, neutrino sweeps with its matcher; both import it through public.ts.
 */
export const inspectionModule = defineModule({
  id: 'inspection',
  title: 'inspection',
  description:
    'The pure inspection engine (no routes, no database): archive and Android readers, artefact parsers, STIX bundles, the indicator matcher (`inspection/README.md`)',
  prefixes: [],
  dependsOn: [],
});
