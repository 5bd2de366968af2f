import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

/**
 * The public MVT STIX bundles (MIT: their README and LICENSE travel with them) are copied into
 * server/assets/indicators, so a clean clone tests and seeds with them; INDICATOR_FIXTURES_DIR
 * points elsewhere when needed.
 */
export const INDICATOR_FIXTURES_DIR =
  process.env.INDICATOR_FIXTURES_DIR ?? fileURLToPath(new URL('../../assets/indicators/', import.meta.url));

export const FIXTURE_BUNDLES = ['darksword', 'kingspawn', 'operation_triangulation'] as const;

export function readFixtureBundle(name: (typeof FIXTURE_BUNDLES)[number]): Buffer {
  const file = `${INDICATOR_FIXTURES_DIR.replace(/\/?$/, '/')}${name}.stix2`;
  if (!existsSync(file)) throw new Error(`Indicator fixture ${file} is missing (set INDICATOR_FIXTURES_DIR)`);
  return readFileSync(file);
}
