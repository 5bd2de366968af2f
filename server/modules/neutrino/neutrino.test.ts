import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { loadConfig } from '../../config';
import type { Json } from '../../test/json';
import { createTestApp, type TestApp } from '../../test/testApp';
import { readFixtureBundle } from '../inspection/public';
import { SAVED_HUNT_SCAN_MS } from './services/neutrinoConfig';
import { scanSavedHunts } from './services/savedHunts';
import { withTimeBudget } from './services/timeBudget';

/**
 * Neutrino on both engines: hunts by kind and mode, paging and time range, sweeps with a STIX
 * bundle and plain values by gluon's matching rules, campaigns, saved hunts and their one match
 * row per new inspection, and neutrino's permissions. Observations are seeded as gluon stores
 * them (gluon_observations), so each expectation names the rows it rests on.
 */
describe('neutrino: fleet threat hunting', () => {
  let t: TestApp;
  let tenantId: string;
  let hunter: string;
  let reader: string;
  let gluonOnly: string;
  const devices = {} as { a: string; b: string; c: string; other: string };
  const inspections = {} as { a: string; b: string; c: string };

  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const get = async (url: string, token = hunter) => t.app.inject({ method: 'GET', url, headers: auth(token) });
  const post = async (url: string, payload: object, token = hunter) =>
    t.app.inject({ method: 'POST', url, headers: auth(token), payload });
  const hunt = async (query: string, token = hunter): Promise<Json> => {
    const res = await get(`/neutrino-backend/hunt?${query}`, token);
    expect(res.statusCode, res.body).toBe(200);
    return res.json();
  };
  const names = (page: Json) => page.items.map((i: Json) => i.device.name);

  async function device(tenant: string, name: string, platform = 'ios'): Promise<string> {
    const [row] = await t.db.query<{ id: string }>(
      'INSERT INTO gluon_devices (tenant_id, name, platform) VALUES ($1, $2, $3) RETURNING id',
      [tenant, name, platform],
    );
    return row!.id;
  }
  async function inspection(
    tenant: string,
    deviceId: string,
    at: string,
    observations: Array<[kind: string, value: string, source?: string]>,
  ): Promise<string> {
    const [row] = await t.db.query<{ id: string }>(
      `INSERT INTO gluon_inspections (tenant_id, device_id, origin, file_name, status, created_at, finished_at) VALUES ($1, $2, 'upload', 'sysdiagnose.tar.gz', 'done', $3, $3) RETURNING id`,
      [tenant, deviceId, at],
    );
    for (const [i, [kind, value, source]] of observations.entries()) {
      await t.db.query(
        `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, line, first_seen, last_seen, occurrences) VALUES ($1, $2, $3, $4, $5, $6, $7, $7, 2)`,
        [row!.id, deviceId, kind, value, source ?? 'ps.txt', i + 1, at],
      );
    }
    return row!.id;
  }

  beforeAll(async () => {
    t = await createTestApp();
    const admin = await t.createUser({ permissions: ['ntr#hnt#rw', 'gln#rpt#rw', 'gln#cfg#rw'] });
    tenantId = admin.tenantId;
    hunter = (await t.accessToken(admin)).token;
    reader = (await t.accessToken(await t.createUser({ tenantId, permissions: ['ntr#hnt#r'] }))).token;
    gluonOnly = (await t.accessToken(await t.createUser({ tenantId, permissions: ['gln#rpt#rw'] }))).token;
    devices.a = await device(tenantId, 'iPhone A');
    devices.b = await device(tenantId, 'iPhone B');
    devices.c = await device(tenantId, 'Pixel C', 'android');
    inspections.a = await inspection(tenantId, devices.a, '2026-01-10T10:00:00Z', [
      ['process', 'helperd'],
      ['path', '/private/var/db/helperd/cache', 'shutdown.log'],
      ['domain', 'api.update-cdn.com', 'DataUsage.sqlite'],
      ['process', 'a-b-c'],
    ]);
    inspections.b = await inspection(tenantId, devices.b, '2026-02-10T10:00:00Z', [
      ['process', '/usr/libexec/helperd'],
      ['domain', 'update-cdn.com', 'DataUsage.sqlite'],
      ['process', 'a%b_c'],
    ]);
    inspections.c = await inspection(tenantId, devices.c, '2026-03-10T10:00:00Z', [
      ['bundleId', 'com.Evil.App', 'packages.json'],
      ['receiver', 'com.evil.app/.BootReceiver', 'dumpsys.txt'],
      ['process', 'com.averyverylon'],
      ['domain', 'cdn.backuprabbit.com', 'dumpsys.txt'],
    ]);
    // Another tenant's phone saw the same process: never in this tenant's answers.
    const other = await t.createTenant('Other');
    devices.other = await device(other, 'Elsewhere');
    await inspection(other, devices.other, '2026-03-01T10:00:00Z', [['process', 'helperd']]);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('hunt', () => {
    it('finds an exact value of a kind, only on this tenant, with its evidence', async () => {
      const page = await hunt('mode=exact&value=helperd&kinds=process');
      expect(names(page)).toEqual(['iPhone A']);
      const [item] = page.items;
      expect(item).toMatchObject({
        observations: 1,
        occurrences: 2,
        inspections: 1,
        firstSeen: '2026-01-10T10:00:00.000Z',
        lastSeen: '2026-01-10T10:00:00.000Z',
      });
      expect(item.evidence).toEqual([
        expect.objectContaining({
          inspectionId: inspections.a,
          inspectionFile: 'sysdiagnose.tar.gz',
          kind: 'process',
          value: 'helperd',
          source: 'ps.txt',
          line: 1,
        }),
      ]);
    });

    it('finds by prefix and by substring (case-insensitive), each device once, newest sighting first', async () => {
      expect(names(await hunt('mode=prefix&value=%2Fusr%2Flibexec%2F'))).toEqual(['iPhone B']);
      const page = await hunt('mode=contains&value=HELPERD');
      expect(names(page)).toEqual(['iPhone B', 'iPhone A']);
      expect(page.items[1].observations).toBe(2);
      expect(names(await hunt('mode=contains&value=evil.app'))).toEqual(['Pixel C']);
    });

    it('filters by kind and by time range', async () => {
      expect(names(await hunt('mode=contains&value=helperd&kinds=path'))).toEqual(['iPhone A']);
      expect(names(await hunt('mode=contains&value=helperd&kinds=path&kinds=domain'))).toEqual(['iPhone A']);
      expect(names(await hunt('mode=contains&value=helperd&from=2026-02-01T00:00:00Z'))).toEqual(['iPhone B']);
      expect(names(await hunt('mode=contains&value=helperd&to=2026-02-01T00:00:00Z'))).toEqual(['iPhone A']);
    });

    it('treats LIKE wildcards as data', async () => {
      // Unescaped, "%b_" would also match "a-b-c"; "_" alone would match every value.
      expect(names(await hunt(`mode=contains&value=${encodeURIComponent('%b_')}`))).toEqual(['iPhone B']);
      expect(names(await hunt(`mode=prefix&value=${encodeURIComponent('a%')}`))).toEqual(['iPhone B']);
      expect(names(await hunt(`mode=prefix&value=_`))).toEqual([]);
    });

    it('shows the newest evidence of each device and counts the rest', async () => {
      // Seven matches over two inspections of one phone: five shown, newest sighting first, seven counted.
      const d = await device(tenantId, 'iPhone D');
      await inspection(tenantId, d, '2026-04-01T10:00:00Z', [
        ['process', 'zzmark-1'],
        ['process', 'zzmark-2'],
        ['process', 'zzmark-3'],
      ]);
      const newer = await inspection(tenantId, d, '2026-04-02T10:00:00Z', [
        ['process', 'zzmark-4'],
        ['process', 'zzmark-5'],
        ['process', 'zzmark-6'],
        ['process', 'zzmark-7'],
      ]);
      const [item] = (await hunt('mode=contains&value=zzmark')).items;
      expect(item).toMatchObject({
        device: { id: d },
        observations: 7,
        occurrences: 14,
        inspections: 2,
        firstSeen: '2026-04-01T10:00:00.000Z',
        lastSeen: '2026-04-02T10:00:00.000Z',
      });
      expect(item.evidence.map((e: Json) => [e.value, e.inspectionId === newer])).toEqual([
        ['zzmark-7', true],
        ['zzmark-6', true],
        ['zzmark-5', true],
        ['zzmark-4', true],
        ['zzmark-3', false],
      ]);
    });

    it('pages by keyset until the last device', async () => {
      const first = await hunt('mode=contains&value=helperd&size=1');
      expect(names(first)).toEqual(['iPhone B']);
      const second = await hunt(`mode=contains&value=helperd&size=1&cursor=${first.nextCursor}`);
      expect(names(second)).toEqual(['iPhone A']);
      expect(second.nextCursor).toBeNull();
      expect((await get('/neutrino-backend/hunt?mode=exact&value=x&cursor=bm9wZQ')).statusCode).toBe(400);
    });

    it('refuses what it cannot bound, with a clear message', async () => {
      const short = await get('/neutrino-backend/hunt?mode=contains&value=ab');
      expect(short.statusCode).toBe(400);
      expect(short.json().message).toMatch(/at least 3 characters/);
      expect((await get(`/neutrino-backend/hunt?mode=exact&value=${'x'.repeat(501)}`)).statusCode).toBe(400);
      expect((await get('/neutrino-backend/hunt?mode=exact&value=x&kinds=nonsense')).statusCode).toBe(400);
      const backwards = await get(
        '/neutrino-backend/hunt?mode=exact&value=x&from=2026-02-01T00:00:00Z&to=2026-01-01T00:00:00Z',
      );
      expect(backwards.statusCode).toBe(400);
    });

    it('exports the hunt as CSV, one line per observation', async () => {
      const res = await get('/neutrino-backend/hunt/export?mode=contains&value=helperd');
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/csv/);
      const lines = res.body.trim().split(/\r?\n/);
      expect(lines[0]).toMatch(/^Device,Device id,Kind,Value,File,Line/);
      expect(lines).toHaveLength(4);
      expect(res.body).toContain('/private/var/db/helperd/cache');
    });
  });

  describe('sweep', () => {
    it('matches plain process names by the rules of inspections (exact and by basename)', async () => {
      const res = await post('/neutrino-backend/sweeps', {
        values: 'helperd\n# a comment\nnothing-here\n',
        type: 'process:name',
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({ indicators: 2, matchedIndicators: 1 });
      const routes = Object.fromEntries(
        body.devices.map((d: Json) => [d.device.name, d.matches.map((m: Json) => m.route).sort()]),
      );
      // A shutdown.log client path names the process as a folder (MVT's rule).
      expect(routes).toEqual({ 'iPhone A': ['exact', 'path-component'], 'iPhone B': ['basename'] });
    });

    it('matches domains with their subdomains, app ids by package and a cut process name', async () => {
      const domains = (
        await post('/neutrino-backend/sweeps', { values: 'update-cdn.com', type: 'domain-name:value' })
      ).json();
      expect(Object.fromEntries(domains.devices.map((d: Json) => [d.device.name, d.matches[0].route]))).toEqual({
        'iPhone A': 'subdomain',
        'iPhone B': 'exact',
      });
      const apps = (await post('/neutrino-backend/sweeps', { values: 'com.evil.app', type: 'app:id' })).json();
      expect(apps.devices[0].matches.map((m: Json) => `${m.kind}:${m.route}`).sort()).toEqual([
        'bundleId:exact',
        'receiver:package',
      ]);
      const cut = (
        await post('/neutrino-backend/sweeps', { values: 'com.averyverylongname.agent', type: 'process:name' })
      ).json();
      expect(cut.devices[0].matches[0]).toMatchObject({ value: 'com.averyverylon', route: 'truncated-name' });
    });

    it('sweeps a real STIX 2.1 bundle', async () => {
      const res = await post('/neutrino-backend/sweeps', {
        bundle: readFixtureBundle('operation_triangulation').toString('utf8'),
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.indicators).toBeGreaterThan(50);
      expect(body.devices.map((d: Json) => d.device.name)).toEqual(['Pixel C']);
      expect(body.devices[0].matches[0]).toMatchObject({
        value: 'cdn.backuprabbit.com',
        indicator: { value: 'backuprabbit.com' },
        route: 'subdomain',
      });
    });

    it('is bounded: at most 10,000 values, values of 3 characters, a type for plain values', async () => {
      const many = Array.from({ length: 10_001 }, (_, i) => `value-${i}`).join('\n');
      const tooMany = await post('/neutrino-backend/sweeps', { values: many, type: 'process:name' });
      expect(tooMany.statusCode).toBe(400);
      expect(tooMany.json().message).toMatch(/at most 10,000 values/);
      expect((await post('/neutrino-backend/sweeps', { values: 'ab', type: 'process:name' })).statusCode).toBe(400);
      expect((await post('/neutrino-backend/sweeps', { values: 'helperd' })).statusCode).toBe(400);
      expect((await post('/neutrino-backend/sweeps', { bundle: '{"type":"nope"}' })).statusCode).toBe(400);
    });

    it('refuses a 100 KB value by its line in a short message that does not repeat it', async () => {
      const huge = 'x'.repeat(100_000);
      const res = await post('/neutrino-backend/sweeps', { values: `helperd\n${huge}`, type: 'process:name' });
      expect(res.statusCode).toBe(400);
      const { message } = res.json();
      expect(message).toBe('A value is longer than 2,048 characters (line 2); indicator values are short.');
      // In a bundle the value is an unsupported pattern: quoted by its first characters only.
      const bundle = JSON.stringify({
        type: 'bundle',
        id: 'bundle--4b7f0a7e-0000-4000-8000-000000000001',
        objects: [
          {
            type: 'indicator',
            spec_version: '2.1',
            id: 'indicator--4b7f0a7e-0000-4000-8000-000000000002',
            created: '2026-01-01T00:00:00Z',
            modified: '2026-01-01T00:00:00Z',
            pattern: `[process:name = '${huge}']`,
            pattern_type: 'stix',
            valid_from: '2026-01-01T00:00:00Z',
          },
        ],
      });
      const inBundle = await post('/neutrino-backend/sweeps', { bundle });
      expect(inBundle.statusCode).toBe(400);
      expect(inBundle.json().message.length).toBeLessThan(200);
      expect(inBundle.json().message).toMatch(/^No indicator to sweep for \(\[process:name = 'x+…: /);
      const tooLong = await post('/neutrino-backend/sweeps', { values: huge.repeat(21), type: 'process:name' });
      expect(tooLong.statusCode).toBe(400);
      expect(tooLong.json().message).toBe('body values must NOT have more than 2000000 characters');
    });

    it('turns a sweep into a rule set in one step (gluon config write needed)', async () => {
      const denied = await post(
        '/neutrino-backend/sweeps/ruleSet',
        { values: 'helperd', type: 'process:name', name: 'Helper campaign' },
        reader,
      );
      expect(denied.statusCode).toBe(403);
      const res = await post('/neutrino-backend/sweeps/ruleSet', {
        values: 'helperd',
        type: 'process:name',
        name: 'Helper campaign',
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ status: 'created', ruleSet: { name: 'Helper campaign', indicatorCount: 1 } });
      const [row] = await t.db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM gluon_rule_sets WHERE tenant_id = $1 AND name = 'Helper campaign'",
        [tenantId],
      );
      expect(row!.n).toBe(1);
    });

    it('names the rule set of a bundle by the typed name, and says so honestly when nothing changed', async () => {
      const bundle = readFixtureBundle('operation_triangulation').toString('utf8');
      const first = await post('/neutrino-backend/sweeps/ruleSet', { bundle, name: 'Triangulation watch' });
      expect(first.statusCode, first.body).toBe(201);
      expect(first.json()).toMatchObject({ status: 'created', ruleSet: { name: 'Triangulation watch' } });
      const again = await post('/neutrino-backend/sweeps/ruleSet', { bundle, name: 'Triangulation watch' });
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json()).toMatchObject({ status: 'unchanged', ruleSet: { id: first.json().ruleSet.id } });
      const renamed = await post('/neutrino-backend/sweeps/ruleSet', { bundle, name: 'Triangulation (renamed)' });
      expect(renamed.statusCode, renamed.body).toBe(201);
      expect(renamed.json()).toMatchObject({
        status: 'updated',
        ruleSet: { id: first.json().ruleSet.id, name: 'Triangulation (renamed)' },
      });
    });
  });

  describe('campaigns', () => {
    it('follows a family: devices, sightings, incidents with their triage state, a timeline', async () => {
      const [incident] = await t.db.query<{ id: string }>(
        `INSERT INTO gluon_incidents (tenant_id, device_id, family_id, family_name, state) VALUES ($1, $2, 'malware--helper', 'Helper', 'confirmed') RETURNING id`,
        [tenantId, devices.a],
      );
      await t.db.query(
        `INSERT INTO gluon_findings (tenant_id, incident_id, device_id, inspection_id, indicator_id, indicator_type, indicator_value, pattern, rule_set_name, rule_set_version, route, kind, value, source, observed_at)
         VALUES ($1, $2, $3, $4, 'indicator--h', 'process:name', 'helperd', '[process:name = ''helperd'']', 'Helpers', '1', 'exact', 'process', 'helperd', 'ps.txt', '2026-01-10T10:00:00Z'),
                ($1, $2, $3, $4, 'indicator--d', 'domain-name:value', 'update-cdn.com', '[domain-name:value = ''update-cdn.com'']', 'Helpers', '1', 'subdomain', 'domain', 'api.update-cdn.com', 'x', '2026-01-12T10:00:00Z')`,
        [tenantId, incident!.id, devices.a, inspections.a],
      );
      const families = (await get('/neutrino-backend/campaigns/families')).json();
      expect(families).toEqual([{ id: 'malware--helper', name: 'Helper', devices: 1, open: 1 }]); // confirmed counts as open (common/incidents)
      const res = await get('/neutrino-backend/campaigns?familyId=malware--helper');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        family: { id: 'malware--helper', name: 'Helper' },
        firstSeen: '2026-01-10T10:00:00.000Z',
        lastSeen: '2026-01-12T10:00:00.000Z',
        devices: [
          { device: { name: 'iPhone A' }, sightings: 2, incidents: [{ id: incident!.id, state: 'confirmed' }] },
        ],
        timeline: [
          { day: '2026-01-10', devices: 1, sightings: 1 },
          { day: '2026-01-12', devices: 1, sightings: 1 },
        ],
      });
      expect((await get('/neutrino-backend/campaigns?familyId=malware--unknown')).statusCode).toBe(404);
      // A family of a rule set not seen yet (followed from the rules repository): named, no device.
      const ruleSets = (await get('/globalrulesrepository-backend/ruleSets')).json();
      const helper = ruleSets.find((r: Json) => r.name === 'Helper campaign');
      const unseen = (
        await get(`/neutrino-backend/campaigns?familyId=${encodeURIComponent(helper.families[0].id)}`)
      ).json();
      expect(unseen).toMatchObject({ family: { name: 'Helper campaign' }, devices: [], timeline: [], firstSeen: null });
    });

    it('follows one indicator value across devices, with the incidents whose findings name it', async () => {
      const body = (await get('/neutrino-backend/campaigns?indicator=helperd')).json();
      expect(body.devices.map((d: Json) => [d.device.name, d.incidents.map((i: Json) => i.state)])).toEqual([
        ['iPhone A', ['confirmed']],
      ]);
      expect((await get('/neutrino-backend/campaigns')).statusCode).toBe(400);
    });

    it("says a family was last seen at a finding's latest sighting, not its first", async () => {
      // A tenant of its own: one finding first seen on 05-01, its value seen again by a later inspection.
      const own = await t.createUser({ permissions: ['ntr#hnt#r'] });
      const token = (await t.accessToken(own)).token;
      const phone = await device(own.tenantId, 'iPhone G');
      const first = await inspection(own.tenantId, phone, '2025-05-01T10:00:00Z', [['process', 'spyd']]);
      await inspection(own.tenantId, phone, '2025-05-20T10:00:00Z', [['process', 'spyd']]);
      // Another kind with the same value is another observation: it does not count.
      await inspection(own.tenantId, phone, '2025-06-30T10:00:00Z', [['path', 'spyd']]);
      const [incident] = await t.db.query<{ id: string }>(
        `INSERT INTO gluon_incidents (tenant_id, device_id, family_id, family_name) VALUES ($1, $2, 'malware--spy', 'Spy') RETURNING id`,
        [own.tenantId, phone],
      );
      await t.db.query(
        `INSERT INTO gluon_findings (tenant_id, incident_id, device_id, inspection_id, indicator_id, indicator_type, indicator_value, pattern, rule_set_name, rule_set_version, route, kind, value, source, observed_at)
         VALUES ($1, $2, $3, $4, 'indicator--spy', 'process:name', 'spyd', '[process:name = ''spyd'']', 'Spies', '1', 'exact', 'process', 'spyd', 'ps.txt', '2025-05-01T10:00:00Z')`,
        [own.tenantId, incident!.id, phone, first],
      );
      const res = await get('/neutrino-backend/campaigns?familyId=malware--spy', token);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toMatchObject({
        firstSeen: '2025-05-01T10:00:00.000Z',
        lastSeen: '2025-05-20T10:00:00.000Z',
        devices: [
          {
            device: { name: 'iPhone G' },
            firstSeen: '2025-05-01T10:00:00.000Z',
            lastSeen: '2025-05-20T10:00:00.000Z',
            sightings: 1,
          },
        ],
        // Counted on the day it was first seen, as before.
        timeline: [{ day: '2025-05-01', devices: 1, sightings: 1 }],
      });
    });

    it("says a value was first seen when the hunt does: its earliest observation, not a row's last sighting", async () => {
      // A tenant of its own, so no other test's hunts see this value. One row recorded from 08:09 to
      // 08:11, another from a later inspection: the campaign used each row's last time for "first".
      const own = await t.createUser({ permissions: ['ntr#hnt#r'] });
      const token = (await t.accessToken(own)).token;
      const phone = await device(own.tenantId, 'iPhone E');
      const mac = await device(own.tenantId, 'MacBook F', 'macos');
      const value = 'update-check.example.net';
      const seen = async (deviceId: string, at: string, first: string, last: string) => {
        const [row] = await t.db.query<{ id: string }>(
          `INSERT INTO gluon_inspections (tenant_id, device_id, origin, file_name, status, created_at, finished_at) VALUES ($1, $2, 'upload', 'sysdiagnose.tar.gz', 'done', $3, $3) RETURNING id`,
          [own.tenantId, deviceId, at],
        );
        await t.db.query(
          `INSERT INTO gluon_observations (inspection_id, device_id, kind, value, source, line, first_seen, last_seen, occurrences) VALUES ($1, $2, 'domain', $3, 'DataUsage.sqlite', 1, $4, $5, 3)`,
          [row!.id, deviceId, value, first, last],
        );
      };
      await seen(phone, '2024-06-03T09:00:00Z', '2024-06-02T08:09:00Z', '2024-06-02T08:11:00Z');
      await seen(phone, '2024-06-05T09:00:00Z', '2024-06-04T10:00:00Z', '2024-06-04T12:00:00Z');
      await seen(mac, '2024-06-06T09:00:00Z', '2024-06-05T23:30:00Z', '2024-06-06T00:30:00Z');
      const huntRes = await get(`/neutrino-backend/hunt?mode=exact&value=${value}`, token);
      expect(huntRes.statusCode, huntRes.body).toBe(200);
      const byHunt = Object.fromEntries(
        huntRes.json().items.map((i: Json) => [i.device.name, [i.firstSeen, i.lastSeen]]),
      );
      const res = await get(`/neutrino-backend/campaigns?indicator=${value}`, token);
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      expect(body.firstSeen).toBe('2024-06-02T08:09:00.000Z');
      expect(body.lastSeen).toBe('2024-06-06T00:30:00.000Z');
      expect(Object.fromEntries(body.devices.map((d: Json) => [d.device.name, [d.firstSeen, d.lastSeen]]))).toEqual(
        byHunt,
      );
      expect(byHunt['iPhone E']).toEqual(['2024-06-02T08:09:00.000Z', '2024-06-04T12:00:00.000Z']);
      expect(body.devices.map((d: Json) => [d.device.name, d.sightings])).toEqual([
        ['MacBook F', 1],
        ['iPhone E', 2],
      ]);
      // A sighting counts on the day it was first seen (UTC unless the console asks for its zone).
      expect(body.timeline).toEqual([
        { day: '2024-06-02', devices: 1, sightings: 1 },
        { day: '2024-06-04', devices: 1, sightings: 1 },
        { day: '2024-06-05', devices: 1, sightings: 1 },
      ]);
      // In the reader's zone: 23:30 UTC on 06/05 is 05:00 on 06/06 in UTC+05:30, 08:09 UTC still 06/02.
      const zoned = (await get(`/neutrino-backend/campaigns?indicator=${value}&offset=5.5`, token)).json();
      expect(zoned.timeline.map((d: Json) => d.day)).toEqual(['2024-06-02', '2024-06-04', '2024-06-06']);
      expect(zoned.firstSeen).toBe(body.firstSeen);
      const west = (await get(`/neutrino-backend/campaigns?indicator=${value}&offset=-9`, token)).json();
      expect(west.timeline.map((d: Json) => d.day)).toEqual(['2024-06-01', '2024-06-04', '2024-06-05']);
      expect((await get(`/neutrino-backend/campaigns?indicator=${value}&offset=15`, token)).statusCode).toBe(400);
    });
  });

  describe('saved hunts', () => {
    it('runs on save, then one match row per new inspection however often it runs', async () => {
      const res = await post('/neutrino-backend/savedHunts', {
        name: 'helperd anywhere',
        hunt: { mode: 'contains', value: 'helperd' },
      });
      expect(res.statusCode, res.body).toBe(201);
      const saved = res.json();
      expect(saved).toMatchObject({ type: 'hunt', matches: 3, devices: 2 });
      const sweepSaved = await post('/neutrino-backend/savedHunts', {
        name: 'evil apps',
        sweep: { values: 'com.evil.app', type: 'app:id' },
      });
      expect(sweepSaved.json()).toMatchObject({ type: 'sweep', indicators: 1, matches: 2 });
      expect(
        (await post('/neutrino-backend/savedHunts', { name: 'helperd anywhere', hunt: { value: 'x' } })).statusCode,
      ).toBe(409);

      // A new inspection of the Pixel sees the process.
      const fresh = await inspection(tenantId, devices.c, new Date().toISOString(), [['process', 'helperd']]);
      await scanSavedHunts(t.db);
      await scanSavedHunts(t.db);
      const rows = await t.db.query<{ device_id: string; kind: string; value: string }>(
        'SELECT device_id, kind, value FROM neutrino_hunt_matches WHERE hunt_id = $1 AND inspection_id = $2',
        [saved.id, fresh],
      );
      expect(rows).toEqual([{ device_id: devices.c, kind: 'process', value: 'helperd' }]);
      const matches = (await get(`/neutrino-backend/savedHunts/${saved.id}/matches`, reader)).json();
      expect(matches).toHaveLength(4);
      expect(matches.filter((m: Json) => m.inspectionId === fresh)).toHaveLength(1);
      // The sweep's hunt had nothing new to match.
      const list = (await get('/neutrino-backend/savedHunts', reader)).json();
      expect(list.map((h: Json) => [h.name, h.matches])).toEqual([
        ['evil apps', 2],
        ['helperd anywhere', 4],
      ]);
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/neutrino-backend/savedHunts/${saved.id}`,
            headers: auth(reader),
          })
        ).statusCode,
      ).toBe(403);
      expect(
        (
          await t.app.inject({
            method: 'DELETE',
            url: `/neutrino-backend/savedHunts/${saved.id}`,
            headers: auth(hunter),
          })
        ).statusCode,
      ).toBe(204);
      const [left] = await t.db.query<{ n: number }>(
        'SELECT count(*)::int AS n FROM neutrino_hunt_matches WHERE hunt_id = $1',
        [saved.id],
      );
      expect(left!.n).toBe(0);
    });
  });

  describe('permissions', () => {
    it('hunting needs ntr#hnt; saving needs ntr#hnt#rw; gluon alone sees no hunt', async () => {
      expect((await get('/neutrino-backend/hunt?value=helperd', reader)).statusCode).toBe(200);
      expect((await get('/neutrino-backend/hunt?value=helperd', gluonOnly)).statusCode).toBe(403);
      expect(
        (await post('/neutrino-backend/sweeps', { values: 'helperd', type: 'process:name' }, gluonOnly)).statusCode,
      ).toBe(403);
      expect(
        (await post('/neutrino-backend/savedHunts', { name: 'x', hunt: { value: 'helperd' } }, reader)).statusCode,
      ).toBe(403);
    });
  });

  describe('time budget', () => {
    it('stops a statement over budget on PostgreSQL with a clear 503; PGlite runs it', async () => {
      const slow = withTimeBudget(t.db, (q) => q.query<{ ok: number }>('SELECT 1 AS ok FROM pg_sleep(0.3)'), 20);
      if (t.db.kind === 'postgres')
        await expect(slow).rejects.toMatchObject({
          statusCode: 503,
          message: expect.stringMatching(/took longer than 0.02 s/),
        });
      else await expect(slow).resolves.toEqual([{ ok: 1 }]);
    });
  });
});

describe('neutrino: settings', () => {
  it('reads how often saved hunts scan (NEUTRINO_SAVED_HUNT_SCAN_MS) and refuses what is not a sane interval', () => {
    expect(loadConfig({}).neutrino.savedHuntScanMs).toBe(SAVED_HUNT_SCAN_MS);
    expect(loadConfig({ NEUTRINO_SAVED_HUNT_SCAN_MS: '1000' }).neutrino.savedHuntScanMs).toBe(1000);
    for (const value of ['999', '3600001', '2s', '-5'])
      expect(() => loadConfig({ NEUTRINO_SAVED_HUNT_SCAN_MS: value })).toThrow(
        /Invalid NEUTRINO_SAVED_HUNT_SCAN_MS: .*whole number of milliseconds/,
      );
  });
});
