import type { FastifyBaseLogger } from 'fastify';

import type { Database } from '../../../contracts';
import { exampleMacBundle, FIXTURE_BUNDLES, readFixtureBundle } from '../../inspection/public';
import { importRuleSet } from './ruleSets';
import { exampleAndroidBundle } from './sampleUploads';

/**
 * Development: every tenant without a rule set gets the three public MVT bundles (MIT, see
 * server/assets/indicators/LICENSE) and a made-up Android one (sampleUploads.ts) as example rule
 * sets, so a first `npm start` can inspect both sample uploads.
 * A tenant that deleted them is seeded again only if it has none left.
 */
export async function seedExampleRuleSets(db: Database, log: FastifyBaseLogger): Promise<number> {
  const tenants = await db.query<{ id: string }>(
    'SELECT t.id FROM tenants t WHERE NOT EXISTS (SELECT 1 FROM gluon_rule_sets r WHERE r.tenant_id = t.id)',
  );
  let seeded = 0;
  for (const tenant of tenants) {
    for (const name of FIXTURE_BUNDLES) {
      try {
        await importRuleSet(db, {
          tenantId: tenant.id,
          userId: null,
          bundle: readFixtureBundle(name),
          fileName: `${name}.stix2`,
        });
        seeded += 1;
      } catch (error) {
        log.warn({ err: error, bundle: name }, 'example rule set not seeded');
      }
    }
    try {
      await importRuleSet(db, {
        tenantId: tenant.id,
        userId: null,
        bundle: Buffer.from(exampleAndroidBundle()),
        fileName: 'example_android.stix2',
      });
      seeded += 1;
    } catch (error) {
      log.warn({ err: error, bundle: 'example_android' }, 'example rule set not seeded');
    }
    try {
      // Electron's sample Mac (an Aftermath archive): its launch agent's binary and domain.
      await importRuleSet(db, {
        tenantId: tenant.id,
        userId: null,
        bundle: Buffer.from(exampleMacBundle()),
        fileName: 'example_macos.stix2',
      });
      seeded += 1;
    } catch (error) {
      log.warn({ err: error, bundle: 'example_macos' }, 'example rule set not seeded');
    }
  }
  return seeded;
}
