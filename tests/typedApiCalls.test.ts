// @vitest-environment node
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(__dirname, '..');

interface Source {
  /** Relative to the repository root, with forward slashes. */
  file: string;
  text: string;
}

function sources(dir: string): Source[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sources(full);
    if (!/\.tsx?$/.test(name) || /\.test\.tsx?$/.test(name)) return [];
    return [{ file: path.relative(ROOT, full).split(path.sep).join('/'), text: readFileSync(full, 'utf8') }];
  });
}

/** Every API client of the console: each plugin's `api/` and core's own (core/auth/api…), not core/api, the one door. */
function apiClientSources(): Source[] {
  const folders = ['plugins', 'core'].flatMap((top) =>
    readdirSync(path.join(ROOT, top))
      .map((name) => path.join(ROOT, top, name, 'api'))
      .filter((dir) => dir !== path.join(ROOT, 'core', 'api') && existsSync(dir) && statSync(dir).isDirectory()),
  );
  return folders.flatMap(sources);
}

type Rule = 'http-service' | 'typed-http-call' | 'answer-cast';

/**
 * Where an API client still goes around the typed ApiClient, with the reason. A listed exception
 * that no longer offends fails the test, so the list only shrinks.
 */
const EXCEPTIONS: ReadonlyArray<{ file: string; rule: Rule; reason: string }> = [
  {
    file: 'plugins/login/api/DefaultLoginApi.ts',
    rule: 'http-service',
    reason:
      "the code exchange posts to the identity provider's token endpoint, which is not a route of our API document",
  },
  {
    file: 'plugins/login/api/DefaultLoginApi.ts',
    rule: 'typed-http-call',
    reason: "the provider's token answer is typed only as `{ id_token?: unknown }` and read field by field",
  },
  {
    file: 'plugins/mfa-setup/api/finishPasskeyRegistration.ts',
    rule: 'answer-cast',
    reason:
      "the body's credential comes from core's PasskeyBrowser port as an untyped record (WebAuthn's JSON); the route's schema checks it",
  },
];

/** The type names an api folder declares (its answers and bodies, `export type DeviceSummary = …`). */
function declaredTypes(files: readonly Source[]): Set<string> {
  const names = new Set<string>();
  for (const { text } of files)
    for (const match of text.matchAll(/\bexport\s+(?:type|interface)\s+([A-Z]\w*)/g)) names.add(match[1]!);
  return names;
}

/**
 * A call's answer type comes from the route (core/api/ApiClient.ts), so an API client neither
 * takes the untyped HTTP service, nor names an answer type by hand (`http.get<Device>(…)`), nor
 * casts an answer (`as Device`, `.data as …`, `as ApiResponse<…>`, `as any`/`as never`).
 */
function offences(files: readonly Source[]): Array<{ file: string; rule: Rule; text: string }> {
  const byFolder = new Map<string, Source[]>();
  for (const source of files) {
    const folder = path.posix.dirname(source.file);
    byFolder.set(folder, [...(byFolder.get(folder) ?? []), source]);
  }
  return files.flatMap(({ file, text }) => {
    const found: Array<{ file: string; rule: Rule; text: string }> = [];
    const code = text.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, '');
    const add = (rule: Rule, re: RegExp) => {
      for (const match of code.matchAll(re)) found.push({ file, rule, text: match[0].trim() });
    };
    add('http-service', /\bHttpService(?:Token)?\b/g);
    add('typed-http-call', /\.\s*(?:get|post|put|patch|delete|head|request)\s*<[^>(]*>?/g);
    add('answer-cast', /\.data\s+as\b[^;,)]*/g);
    add('answer-cast', /\bas\s+(?:any|never|Api(?:Response|Answer|Result))\b/g);
    const answers = declaredTypes(byFolder.get(path.posix.dirname(file)) ?? []);
    for (const match of code.matchAll(/\bas\s+([A-Z]\w*)/g))
      if (answers.has(match[1]!)) found.push({ file, rule: 'answer-cast', text: match[0] });
    return found;
  });
}

const excepted = (o: { file: string; rule: Rule }) => EXCEPTIONS.some((e) => e.file === o.file && e.rule === o.rule);

describe('API clients call through the typed ApiClient', () => {
  it('names each kind of offence, and lets typed calls and query helpers be', () => {
    const types = {
      file: 'plugins/sonar/api/SonarApi.ts',
      text: 'export type Scan = {};\nexport interface ScanPage {}',
    };
    const client = {
      file: 'plugins/sonar/api/DefaultSonarApi.ts',
      text: [
        "import type { HttpService } from '@core/http/HttpService';",
        '// a comment may say http.get<Scan>() as Scan',
        "const a = (await this.http.get<ScanPage>('/sonar/scans')).data;",
        "const b = (await this.http.request({ url: '/x' })).data as Scan;",
        "const c = (await api.get('/sonar/scans')) as ScanPage;",
        "const d = answer as ApiResponse<'/sonar/scans', 'get'>;",
        'const e = answer as never;',
        "return this.api.get('/sonar/scans/{id}', { path: { id } });",
        'for (const key of Object.keys(query) as Array<keyof Q>) params[key] = kept as Q[keyof Q];',
      ].join('\n'),
    };
    const seen = [...new Set(offences([types, client]).map((o) => `${o.file} ${o.rule}: ${o.text}`))];
    expect(seen.sort()).toEqual(
      [
        'answer-cast: .data as Scan',
        'answer-cast: as Scan',
        'answer-cast: as ScanPage',
        'answer-cast: as ApiResponse',
        'answer-cast: as never',
        'http-service: HttpService',
        'typed-http-call: .get<ScanPage>',
      ]
        .map((o) => `${client.file} ${o}`)
        .sort(),
    );
  });

  it('no API client takes the HTTP service, types a call by hand or casts an answer (but the listed exceptions)', () => {
    const files = apiClientSources();
    expect(files.length).toBeGreaterThan(20);
    expect(offences(files).filter((o) => !excepted(o))).toEqual([]);
  });

  it('every exception is still needed', () => {
    const found = offences(apiClientSources());
    expect(EXCEPTIONS.filter((e) => !found.some((o) => o.file === e.file && o.rule === e.rule))).toEqual([]);
  });
});
