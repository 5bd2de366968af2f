/** Shared shapes of the inspection engine: indicators in, observations through, findings out. */

/** The indicator patterns we understand, named by their STIX object path. */
export const INDICATOR_TYPES = [
  'process:name',
  'domain-name:value',
  'ipv4-addr:value',
  'file:name',
  'file:path',
  'file:hashes.sha256',
  'file:hashes.sha1',
  'file:hashes.md5',
  'email-addr:value',
  'url:value',
  'app:id',
  'app:cert.sha256',
  'app:cert.sha1',
  'app:cert.md5',
  'android-property:name',
  // Our extension (STIX has no code-signing object; README "Code-signing extension"): a Mac
  // binary's developer team, its signing identifier, and its code directory hash.
  'x-apple-code-signing:team_id',
  'x-apple-code-signing:signing_id',
  'x-apple-code-signing:cdhash',
] as const;

export type IndicatorType = (typeof INDICATOR_TYPES)[number];

export interface RuleSetRef {
  /** The STIX bundle id. */
  id: string;
  name: string;
  version: string;
}

export interface Family {
  id: string;
  name: string;
  /** The bundle's description of the family (its malware or report object), bounded. */
  description?: string;
  /** Where to read more: the object's external references with a web address (http or https only). */
  references?: FamilyReference[];
}

export interface FamilyReference {
  source: string;
  url: string;
}

export interface Indicator {
  /** STIX indicator id. */
  id: string;
  type: IndicatorType;
  /** Normalised value (lower-case domains and hashes, canonical device paths). */
  value: string;
  /** The pattern as written in the bundle. */
  pattern: string;
  family: Family;
  ruleSet: RuleSetRef;
}

/**
 * What the extractors saw on the device. A sysdiagnose yields the four first kinds, and `url` with
 * its host as `domain` / `ipv4` from any line that holds a link (textLinks.ts); iPhone backups add
 * `email` (contacts, ID status cache, calls) and links from messages and browsers. Android acquisitions
 * (`android/`) add `fileHash` (APK and file digests) and the kinds after it: `appCert` (a signing
 * certificate's hex digest), `property` (a getprop name), `setting` (`namespace/name`), `mount`,
 * `accessibilityService` / `deviceAdmin` / `receiver` (`package/class`), `appop` (`package:OP`),
 * `tombstone` (the crashing process). Macs (`aftermath/`) add a binary's code signature: `teamId`
 * (its developer team), `signingId` (its signing identifier) and `cdhash` (its code directory hash).
 */
export const OBSERVATION_KINDS = [
  'process',
  'path',
  'domain',
  'bundleId',
  'ipv4',
  'email',
  'url',
  'fileHash',
  'appCert',
  'property',
  'setting',
  'mount',
  'accessibilityService',
  'deviceAdmin',
  'receiver',
  'appop',
  'tombstone',
  'teamId',
  'signingId',
  'cdhash',
] as const;
export type ObservationKind = (typeof OBSERVATION_KINDS)[number];

export interface Observation {
  kind: ObservationKind;
  value: string;
  /** Artefact the value came from (file name inside the archive). */
  source: string;
  line?: number;
  /** ISO 8601, when the artefact dates the record. */
  timestamp?: string;
  /** The record as written (a log line, a JSON field), shortened to a bounded length. */
  raw?: string;
}

/** `macos`: a Mac read from an Aftermath archive (electron; inspection/aftermath). */
export const PLATFORMS = ['ios', 'android', 'macos'] as const;
export type Platform = (typeof PLATFORMS)[number];

export interface DeviceIdentity {
  /** Absent: iOS (what every iOS artefact leaves unsaid). */
  platform?: Platform;
  osVersion?: string;
  modelCode?: string;
  crashReporterKey?: string;
  /** Android (getprop): `ro.build.version.security_patch`, `ro.build.fingerprint`, `ro.serialno`. */
  securityPatch?: string;
  fingerprint?: string;
  serial?: string;
}

export const HEURISTIC_RULES = [
  'shutdown.delayed-client',
  'shutdown.suspicious-path',
  'android.sideloaded-app',
  'android.root-binary',
  'android.selinux-permissive',
  'android.old-security-patch',
  'android.package-verification-disabled',
  'android.adb-enabled',
] as const;
export type HeuristicRule = (typeof HEURISTIC_RULES)[number];

/** A finding that comes from behaviour rather than from an indicator. */
export interface HeuristicFinding {
  rule: HeuristicRule;
  message: string;
  observation: Observation;
  /** Why it matters (Android heuristics say it). */
  why?: string;
  /** Further records the warning rests on. */
  evidence?: Observation[];
}

export interface ExtractionResult {
  source: string;
  observations: Observation[];
  heuristics: HeuristicFinding[];
  device: DeviceIdentity;
  /** Set when the artefact could not be read; observations may then be partial or empty. */
  error?: string;
  /** Records skipped without failing the artefact (e.g. a ps line with too few columns). */
  warnings: string[];
}

/**
 * `truncated-name`: a 16-character process name (the kernel's cut) reached an indicator that starts
 * with it; `path-component`: a shutdown.log client path holds the process-name indicator as one of
 * its folders (MVT's rules, README "Matching rules"); `package`: an Android component (accessibility
 * service, device admin, receiver, app op) reached an `app:id` indicator through its package.
 */
export const MATCH_ROUTES = [
  'exact',
  'basename',
  'path-prefix',
  'subdomain',
  'truncated-name',
  'path-component',
  'package',
] as const;
export type MatchRoute = (typeof MATCH_ROUTES)[number];

export interface Finding {
  observation: Observation;
  indicator: Pick<Indicator, 'id' | 'type' | 'value' | 'pattern'>;
  family: Family;
  ruleSet: RuleSetRef;
  /** How the observation reached the indicator. */
  route: MatchRoute;
  /** Present only when the caller asked for suppressed findings too. */
  suppression?: Suppression;
}

/**
 * A known false positive. Applies to a finding when every field given here matches it; at least
 * one of `indicatorId` and `value` is required.
 */
export interface Suppression {
  indicatorId?: string;
  /** Observation kind and value (the value as extracted, before normalisation). */
  kind?: ObservationKind;
  value?: string;
  reason?: string;
}

/** Longest raw record kept as evidence. */
export const MAX_RAW_CHARS = 500;

export function clipRaw(raw: string): string {
  return raw.length > MAX_RAW_CHARS ? `${raw.slice(0, MAX_RAW_CHARS)}…` : raw;
}
