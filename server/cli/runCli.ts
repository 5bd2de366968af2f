import os from 'node:os';
import Fastify from 'fastify';

import { type AppConfig, ConfigError, loadConfig } from '../config';
import { HttpError } from '../contracts';
import { DataDirBusyError, type LockInfo, readDataDirLock } from '../db/dataDirLock';
import { openDatabase, pgliteDir } from '../db/index';
import { loadSigningKey } from '../plugins/keys';
import { createMailer } from '../plugins/mailer';
import { createTokenService } from '../plugins/tokens';
import { fileArgument, restoreDatabase, withAbsoluteFile } from './backup';
import { CliError } from './cliArgs';
import { helpText, runCommand } from './commands';
import { runRemoteCommand } from './operatorClient';

export interface CliIo {
  out(text: string): void;
  err(text: string): void;
}

export interface CliOptions {
  /** How long to wait for an API that is still starting (lock without operator channel yet). */
  startupWaitMs?: number;
}

const POLL_MS = 250;

/**
 * One CLI run: prints the command's output (or its error) and answers the exit code (0 ok,
 * 1 failure, 2 operator mistake or configuration). With PGlite it finds out who holds the
 * folder: the API → the command runs there (operator channel); nobody → it opens the folder
 * itself, holding it for the duration of the command; another command → "try again".
 */
export async function runCli(
  argv: readonly string[],
  env: Record<string, string | undefined>,
  io: CliIo,
  options: CliOptions = {},
): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    io.out(helpText());
    return 0;
  }
  let config: AppConfig;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
  argv = withAbsoluteFile(argv);
  if (argv[0] === 'restore' && !argv.includes('--help')) return runRestore(config, argv, io);
  if (!config.databaseUrl) {
    let holder: LockInfo | null;
    try {
      holder = await waitForHolder(pgliteDir(config.dataDir), options.startupWaitMs ?? 20_000);
    } catch (error) {
      if (!(error instanceof DataDirBusyError)) throw error;
      io.err(error.message);
      return 1;
    }
    // The channel listens on the holder's loopback: usable from the same machine only.
    if (holder?.operator && holder.hostname === os.hostname()) {
      const outcome = await runRemoteCommand(holder.operator, argv, holder.pid);
      if (outcome.ok) {
        io.out(outcome.output);
        return 0;
      }
      io.err(outcome.message);
      return outcome.exitCode;
    }
    if (holder) {
      io.err(new DataDirBusyError(pgliteDir(config.dataDir), holder).message);
      return 1;
    }
  }
  return runLocally(config, argv, io);
}

/**
 * The folder's holder once settled: an API that is still starting (no operator channel yet) or
 * a lock being written is waited for, up to `waitMs`. Null when nobody holds the folder.
 */
async function waitForHolder(folder: string, waitMs: number): Promise<LockInfo | null> {
  const deadline = Date.now() + waitMs;
  for (;;) {
    let holder: LockInfo | null = null;
    let settled = true;
    try {
      holder = readDataDirLock(folder);
      settled = !holder || holder.holder !== 'api' || !!holder.operator;
    } catch (error) {
      if (!(error instanceof DataDirBusyError) || Date.now() >= deadline) throw error;
      settled = false;
    }
    if (settled || Date.now() >= deadline) return holder;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** Restore opens no existing database: it fills an empty folder (server/cli/backup.ts). */
async function runRestore(config: AppConfig, argv: readonly string[], io: CliIo): Promise<number> {
  try {
    io.out(await restoreDatabase(config, fileArgument('restore', argv.slice(1))));
    return 0;
  } catch (error) {
    if (error instanceof DataDirBusyError) {
      io.err(error.message);
      return 1;
    }
    if (error instanceof CliError) {
      io.err(error.message);
      return 2;
    }
    throw error;
  }
}

/** No API holds the folder (or the database is PostgreSQL): open it here, as the API does. */
async function runLocally(config: AppConfig, argv: readonly string[], io: CliIo): Promise<number> {
  let db;
  try {
    db = await openDatabase(config, 'cli');
  } catch (error) {
    if (!(error instanceof DataDirBusyError)) throw error;
    io.err(error.message);
    return 1;
  }
  // A silent logger: the CLI prints what matters itself (mail text is in the outbox).
  const mailer = createMailer(db, Fastify({ logger: false }).log, config.smtpUrl);
  try {
    const tokens = await createTokenService(await loadSigningKey(config), config.publicUrl);
    io.out(await runCommand({ db, config, tokens, mailer }, argv));
    return 0;
  } catch (error) {
    if (error instanceof CliError || (error instanceof HttpError && error.statusCode < 500)) {
      io.err(error.message);
      return 2;
    }
    throw error;
  } finally {
    mailer.close();
    await db.close();
  }
}
