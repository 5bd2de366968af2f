/** Neutrino's settings (read by server/config.ts). */
export interface NeutrinoConfig {
  /** NEUTRINO_SAVED_HUNT_SCAN_MS: how often saved hunts look for newly finished inspections (default 15000). */
  savedHuntScanMs: number;
}

/** How often saved hunts look for newly finished inspections by default (the durable scan; README "Saved hunts"). */
export const SAVED_HUNT_SCAN_MS = 15_000;

type Env = Record<string, string | undefined>;
type Fail = (variable: string, problem: string) => never;

/** The scan is one query per tenant and hunt: faster than once a second only loads the database. */
const SCAN_MS_RANGE = { min: 1_000, max: 3_600_000 };

/** `fail` is ConfigError's thrower from server/config.ts (passed in to keep imports one-way). */
export function loadNeutrinoConfig(env: Env, fail: Fail): NeutrinoConfig {
  const raw = env.NEUTRINO_SAVED_HUNT_SCAN_MS?.trim();
  if (!raw) return { savedHuntScanMs: SAVED_HUNT_SCAN_MS };
  if (!/^\d+$/.test(raw) || Number(raw) < SCAN_MS_RANGE.min || Number(raw) > SCAN_MS_RANGE.max)
    fail(
      'NEUTRINO_SAVED_HUNT_SCAN_MS',
      `"${raw}" is not a whole number of milliseconds from ${SCAN_MS_RANGE.min} to ${SCAN_MS_RANGE.max}`,
    );
  return { savedHuntScanMs: Number(raw) };
}
