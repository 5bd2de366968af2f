// What other modules may import from gluon (scripts/check-boundaries.mjs): the rest of this
// folder is gluon's own.
export { idParams, ruleSetSchema } from './schemas';
export { importRuleSet } from './services/ruleSets';
export { enqueueTenantRescan } from './services/jobs';
export { recordFindings } from './services/incidents';
export { sampleSysdiagnose } from './services/sampleUploads';
export type { InstallerOs } from './collector/installers';
