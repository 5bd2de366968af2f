import { canReadConfig, canWriteConfig } from '../gluon/access';

/**
 * The global rules repository's rule sets and suppressions are gluon configuration (spec §6
 * "config read / write"; server/services/gluon/README.md): the same rules under the names its
 * screens and routes use, so there is one definition.
 */
type Check = (perms: readonly string[]) => boolean;

/** Rule sets, indicators and suppressions, read: gln#cfg#r or rw. */
export const canReadRuleSets: Check = canReadConfig;

/** Importing, enabling and deleting rule sets, suppressing indicators: gln#cfg#w or rw. */
export const canWriteRuleSets: Check = canWriteConfig;
