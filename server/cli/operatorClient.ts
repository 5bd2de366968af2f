import type { OperatorEndpoint } from '../db/dataDirLock';
import { OPERATOR_RUN_PATH, type OperatorRunAnswer } from '../plugins/operatorChannel';

/** What the running API answered: the command's output, or a message and the CLI's exit code. */
export type RemoteOutcome = { ok: true; output: string } | { ok: false; exitCode: 1 | 2; message: string };

/** Argon2 hashing and mail delivery take a moment; a command never takes a minute. */
const TIMEOUT_MS = 60_000;

/** Runs one command line in the API that holds the PGlite folder (plugins/operatorChannel.ts). */
export async function runRemoteCommand(
  endpoint: OperatorEndpoint,
  argv: readonly string[],
  pid: number,
): Promise<RemoteOutcome> {
  let response: Response;
  try {
    response = await fetch(new URL(OPERATOR_RUN_PATH, endpoint.url), {
      method: 'POST',
      headers: { authorization: `Bearer ${endpoint.secret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ argv }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    return {
      ok: false,
      exitCode: 1,
      message: `The API (pid ${pid}) holds the database but its operator channel ${endpoint.url} does not answer (${(error as Error).message}). Is it stuck? Stop it and run the command again.`,
    };
  }
  const body = (await response.json().catch(() => ({}))) as Partial<OperatorRunAnswer> & { message?: string };
  if (response.ok && typeof body.output === 'string') return { ok: true, output: body.output };
  const message = typeof body.message === 'string' ? body.message : `HTTP ${response.status}`;
  if (response.status === 400) return { ok: false, exitCode: 2, message };
  return {
    ok: false,
    exitCode: 1,
    message: `The API (pid ${pid}) could not run the command: ${message}${response.status >= 500 ? ' (details in its log)' : ''}`,
  };
}
