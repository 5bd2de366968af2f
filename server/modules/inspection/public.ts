// What other modules may import from the inspection engine (scripts/check-boundaries.mjs): the
// rest of this folder is its own. Fixtures and sample builders are listed for other modules' tests
// and gluon's development samples.
export { INDICATOR_TYPES, OBSERVATION_KINDS, PLATFORMS, HEURISTIC_RULES, MATCH_ROUTES, MAX_RAW_CHARS, clipRaw } from './types';
export type {
  IndicatorType,
  RuleSetRef,
  Family,
  Indicator,
  ObservationKind,
  Observation,
  Platform,
  DeviceIdentity,
  HeuristicRule,
  HeuristicFinding,
  ExtractionResult,
  MatchRoute,
  Finding,
  Suppression,
} from './types';
export { buildMatcher, TRUNCATED_PROCESS_NAME_CHARS, type Matcher } from './matcher';
export { parseStixBundle, StixImportError, MAX_BUNDLE_BYTES, type RuleSet, type UnsupportedIndicator } from './stixBundle';
export { ArchiveError } from './archiveError';
export { artefactKind, extractArtefact, MAX_ARTEFACT_BYTES } from './artefacts';
export type { ArtefactReport } from './inspectArchive';
export { DEFAULT_ARCHIVE_LIMITS, scanArchive } from './safeArchive';
export { readAndroidAcquisition, DEFAULT_ANDROID_LIMITS } from './android/readAndroid';
export { toCoreObservation, type AndroidHeuristicFinding, type AndroidObservation, type AndroidPackage } from './android/androidTypes';
export { DEFAULT_MAX_PATCH_AGE_DAYS } from './android/heuristics';
export { KNOWN_STORES } from './android/permissions';
export { openZip, type SafeZip } from './android/safeZip';
export { FIXTURE_BUNDLES, INDICATOR_FIXTURES_DIR, readFixtureBundle } from './indicatorFixtures';
export { crashIps, jetsamIps, psText, shutdownLogText, SAMPLE_DEVICE, type SampleDevice } from './sampleArtefacts';
export { createTar, createTarGz } from './tarWriter';
export { androidQfZip, bugreportZip, BAD, GOOD, SAMPLE_PROPERTIES } from './android/androidSamples';
export { createZip } from './android/testZip';
