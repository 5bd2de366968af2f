import './globalSetup';

import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { chmod, chown, mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';

import { migrate } from '../db/migrate';
import { openPostgres } from '../db/postgres';

/** Directory of Debian's PostgreSQL binaries, installing the `postgresql` package when absent. */
export function postgresBinDir(): string {
  const find = () => {
    const base = '/usr/lib/postgresql';
    if (!existsSync(base)) return null;
    const versions = readdirSync(base)
      .filter((v) => existsSync(path.join(base, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    return versions[0] ? path.join(base, versions[0], 'bin') : null;
  };
  const found = find();
  if (found) return found;
  // A fresh machine may have no package lists yet: update first, as scripts/ensure-chromium.sh does.
  const apt = (...args: string[]) =>
    execFileSync('flock', ['/tmp/apt.lock', 'apt-get', ...args], {
      stdio: 'inherit',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt('update');
  apt('install', '-y', '--no-install-recommends', 'postgresql');
  const installed = find();
  if (!installed) throw new Error('PostgreSQL binaries not found after installing the postgresql package');
  return installed;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

export interface RunningPostgres {
  url: string;
  /** The cluster's data folder (its `postmaster.pid` names the server process). */
  dataDir: string;
  stop(): Promise<void>;
}

/** Starts a throw-away PostgreSQL server in a temporary folder on a free local port. */
export async function startPostgres(): Promise<RunningPostgres> {
  const bin = postgresBinDir();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'mtd-pg-'));
  const dataDir = path.join(dir, 'data');
  // initdb refuses to run as root: run the server as the `postgres` system user then.
  const asRoot = process.getuid?.() === 0;
  if (asRoot) {
    const uid = Number(execFileSync('id', ['-u', 'postgres']).toString().trim());
    const gid = Number(execFileSync('id', ['-g', 'postgres']).toString().trim());
    await chown(dir, uid, gid);
    await chmod(dir, 0o700);
  }
  const run = (cmd: string, args: string[]) => {
    const full = path.join(bin, cmd);
    const result = asRoot
      ? spawnSync('runuser', ['-u', 'postgres', '--', full, ...args], { encoding: 'utf8' })
      : spawnSync(full, args, { encoding: 'utf8' });
    if (result.status !== 0) throw new Error(`${cmd} failed: ${result.stderr || result.stdout}`);
  };
  run('initdb', ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync', '--locale=C']);
  const port = await freePort();
  run('pg_ctl', [
    '-D',
    dataDir,
    '-l',
    path.join(dir, 'server.log'),
    '-w',
    '-t',
    '60',
    '-o',
    `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200`,
    'start',
  ]);
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    dataDir,
    async stop() {
      try {
        run('pg_ctl', ['-D', dataDir, '-m', 'immediate', '-w', 'stop']);
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  };
}

export const PG_TEMPLATE_DB = 'mtd_template';

/** vitest globalSetup of the `server-pg` project: a real PostgreSQL server with a migrated template database. */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const server = await startPostgres();
  try {
    const admin = new pg.Client({ connectionString: server.url });
    await admin.connect();
    await admin.query(`CREATE DATABASE ${PG_TEMPLATE_DB}`);
    await admin.end();
    const db = await openPostgres(server.url.replace(/\/postgres$/, `/${PG_TEMPLATE_DB}`), { max: 1 });
    await migrate(db);
    await db.close();
  } catch (error) {
    await server.stop();
    throw error;
  }
  project.provide('pgAdminUrl', server.url);
  project.provide('pgTemplateDb', PG_TEMPLATE_DB);
  project.provide('pgliteTemplate', '');
  return () => server.stop();
}
