// What other modules may import from the inspection engine (scripts/check-boundaries.mjs): the
// rest of this folder is its own. Fixtures and sample builders are listed for other modules' tests
// and gluon's development samples.
export {
  type AftermathSampleOptions,
  aftermathZip,
  EXAMPLE_MAC_BUNDLE_ID,
  EXAMPLE_MAC_FAMILY,
  exampleMacBundle,
  MAC_SAMPLE,
} from './aftermath/aftermathSamples';
export { worstLevel } from './aftermath/macHeuristics';
export {
  downloadSchema,
  macArtefactSchema,
  macHeuristicSchema,
  macProcessSchema,
  macSecuritySchema,
  networkConnectionSchema,
  PERSISTENCE_KINDS,
  persistenceItemSchema,
  tccGrantSchema,
  TIMELINE_KINDS,
  timelineEventSchema,
} from './aftermath/macSchemas';
export {
  MAC_HEURISTIC_RULES,
  MAC_LEVELS,
  MAC_RISKS,
  type MacHeuristic,
  type MacLevel,
  type MacReport,
  type MacRisk,
} from './aftermath/macTypes';
export { AFTERMATH_LIMITS, readAftermath } from './aftermath/readAftermath';
export {
  androidQfFiles,
  androidQfZip,
  BAD,
  bugreportZip,
  getpropText,
  GOOD,
  SAMPLE_PROPERTIES,
} from './android/androidSamples';
export {
  type AndroidHeuristicFinding,
  type AndroidObservation,
  type AndroidPackage,
  toCoreObservation,
} from './android/androidTypes';
export { androidBackup, SAMPLE_FLAGGED_DOMAIN, SAMPLE_FLAGGED_LINK } from './android/backupSamples';
export { DEFAULT_MAX_PATCH_AGE_DAYS } from './android/heuristics';
export { KNOWN_STORES } from './android/permissions';
export { DEFAULT_ANDROID_LIMITS, readAndroidAcquisition } from './android/readAndroid';
export { openZip, type SafeZip } from './android/safeZip';
export { createZip } from './android/testZip';
export { type ArchiveInput, tarBytes } from './archiveBytes';
export { ArchiveError } from './archiveError';
export { artefactKind, extractArtefact, MAX_ARTEFACT_BYTES } from './artefacts';
export { HEURISTIC_WHY } from './heuristicWhy';
export { FIXTURE_BUNDLES, INDICATOR_FIXTURES_DIR, readFixtureBundle } from './indicatorFixtures';
export type { ArtefactReport } from './inspectArchive';
export { backupArchive } from './iosBackup/backupArchive';
export { BackupError, type BackupFault } from './iosBackup/backupError';
export {
  generateIosBackup,
  SAMPLE_BACKUP_LINK,
  SAMPLE_BACKUP_PASSWORD,
  SAMPLE_BACKUP_UDID,
} from './iosBackup/backupGenerator';
export {
  BACKUP_ZIP_LIMITS,
  type BackupSource,
  tarLooksLikeBackup,
  tarSource,
  zipBackupRoot,
  zipSource,
} from './iosBackup/backupSource';
export { type BackupInspection, readIosBackup } from './iosBackup/readBackup';
export { findLinks, hostOf, isShortenerHost } from './links';
export { buildMatcher, type Matcher, TRUNCATED_PROCESS_NAME_CHARS } from './matcher';
export { DEFAULT_ARCHIVE_LIMITS, scanArchive } from './safeArchive';
export { crashIps, jetsamIps, psText, SAMPLE_DEVICE, type SampleDevice, shutdownLogText } from './sampleArtefacts';
export {
  MAX_BUNDLE_BYTES,
  parseStixBundle,
  type RuleSet,
  StixImportError,
  type UnsupportedIndicator,
} from './stixBundle';
export { MAX_PATTERN_VALUE_CHARS } from './stixPattern';
export { readTar, type TarEntry, type TarLimits } from './tarReader';
export { createTar, createTarGz, type TarWriterEntry } from './tarWriter';
export type {
  DeviceIdentity,
  ExtractionResult,
  Family,
  FamilyReference,
  Finding,
  HeuristicFinding,
  HeuristicRule,
  Indicator,
  IndicatorType,
  MatchRoute,
  Observation,
  ObservationKind,
  Platform,
  RuleSetRef,
  Suppression,
} from './types';
export {
  clipRaw,
  HEURISTIC_RULES,
  INDICATOR_TYPES,
  MATCH_ROUTES,
  MAX_RAW_CHARS,
  OBSERVATION_KINDS,
  PLATFORMS,
} from './types';
