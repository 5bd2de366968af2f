import { parseArgs } from 'node:util';

/** A mistake of the operator: printed with the command's usage, exit code 2. */
export class CliError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'CliError';
  }
}

export type OptionSpec = Record<string, { type: 'string' | 'boolean'; description: string; required?: boolean }>;

/** Parses `--name value` / `--name=value` options of one command; unknown options are errors. */
export function parseOptions<S extends OptionSpec>(
  spec: S,
  argv: readonly string[],
): { [K in keyof S]?: S[K]['type'] extends 'boolean' ? boolean : string } {
  let parsed;
  try {
    parsed = parseArgs({
      args: [...argv],
      options: Object.fromEntries(Object.entries(spec).map(([name, o]) => [name, { type: o.type }])),
      allowPositionals: false,
      strict: true,
    });
  } catch (error) {
    throw new CliError((error as Error).message.replace(/^TypeError \[[A-Z_]+\]: /, ''));
  }
  for (const [name, o] of Object.entries(spec)) {
    if (o.required && parsed.values[name] === undefined) throw new CliError(`--${name} is required`);
  }
  return parsed.values as { [K in keyof S]?: S[K]['type'] extends 'boolean' ? boolean : string };
}

/** `30m`, `12h`, `7d`, `2w` or plain seconds -> seconds. */
export function parseDuration(value: string, option: string): number {
  const match = /^(\d+)\s*([smhdw]?)$/.exec(value.trim());
  if (!match) throw new CliError(`--${option}: "${value}" is not a duration such as 30m, 12h, 7d`);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400, w: 604800 }[match[2] as '' | 's' | 'm' | 'h' | 'd' | 'w'];
  const seconds = Number(match[1]) * unit;
  if (seconds <= 0) throw new CliError(`--${option} must be positive`);
  return seconds;
}

/** An absolute date (ISO 8601) or a duration from now (7d) -> ISO timestamp in the future. */
export function parseExpiry(value: string, option: string, now = Date.now()): string {
  if (/^\d+\s*[smhdw]?$/.test(value.trim())) return new Date(now + parseDuration(value, option) * 1000).toISOString();
  const time = Date.parse(value);
  if (Number.isNaN(time))
    throw new CliError(`--${option}: "${value}" is neither a date (2026-12-31T00:00:00Z) nor a duration (7d)`);
  if (time <= now) throw new CliError(`--${option} must be in the future`);
  return new Date(time).toISOString();
}

export function parsePositiveInt(value: string, option: string): number {
  if (!/^\d+$/.test(value.trim()) || Number(value) < 1 || Number(value) > 1_000_000) {
    throw new CliError(`--${option}: "${value}" is not a whole number from 1 to 1000000`);
  }
  return Number(value);
}

export function parseOnOff(value: string, option: string): boolean {
  const v = value.trim().toLowerCase();
  if (['on', 'true', 'yes', '1'].includes(v)) return true;
  if (['off', 'false', 'no', '0'].includes(v)) return false;
  throw new CliError(`--${option}: "${value}" is not on or off`);
}

/** Comma-separated list, trimmed, empty entries dropped. */
export function parseList(value: string | undefined): string[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
}
