/**
 * Operator CLI: `npm run admin -- <command> [options]` (`--help` lists the commands). Opens the
 * API's database and signing key through the same config and db code as the server.
 */
import Fastify from 'fastify';
import { ConfigError, loadConfig } from '../config';
import { openDatabase } from '../db/index';
import { loadSigningKey } from '../plugins/keys';
import { createMailer } from '../plugins/mailer';
import { createTokenService } from '../plugins/tokens';
import { CliError } from './cliArgs';
import { helpText, runCommand } from './commands';

async function main(argv: string[]): Promise<number> {
  if (argv.length === 0 || argv[0] === '--help' || argv[0] === '-h' || argv[0] === 'help') {
    console.log(helpText());
    return 0;
  }
  let config;
  try {
    config = loadConfig(process.env);
  } catch (error) {
    if (error instanceof ConfigError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  }
  const db = await openDatabase(config);
  // A silent logger: the CLI prints what matters itself (mail text is in the outbox).
  const mailer = createMailer(db, Fastify({ logger: false }).log, config.smtpUrl);
  try {
    const tokens = await createTokenService(await loadSigningKey(config), config.publicUrl);
    console.log(await runCommand({ db, config, tokens, mailer }, argv));
    return 0;
  } catch (error) {
    if (error instanceof CliError) {
      console.error(error.message);
      return 2;
    }
    throw error;
  } finally {
    mailer.close();
    await db.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
