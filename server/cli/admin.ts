/**
 * Operator CLI: `npm run admin -- <command> [options]` (`--help` lists the commands). Uses the
 * API's database and signing key through the same config and db code as the server; while the
 * API holds a PGlite folder, the command runs inside the API (see runCli.ts).
 */
import { runCli } from './runCli';

runCli(process.argv.slice(2), process.env, {
  out: (text) => console.log(text),
  err: (text) => console.error(text),
}).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(1);
  },
);
