import { describe, expect, it } from 'vitest';

import { extractPsList } from './psList';
import { psText } from './sampleArtefacts';

describe('extractPsList', () => {
  it('reads the COMMAND column: paths as paths, bare names and (kernel) names as processes', () => {
    const text = psText([
      '/sbin/launchd',
      '/usr/libexec/BackupAgent --daemon -v',
      'kernel_task',
      '(roleaccountd)',
      '/sbin/launchd',
    ]);
    const result = extractPsList(text, 'ps.txt');
    expect(result.error).toBeUndefined();
    expect(result.observations.map((o) => [o.kind, o.value, o.line])).toEqual([
      ['path', '/sbin/launchd', 2],
      ['path', '/usr/libexec/BackupAgent', 3],
      ['process', 'kernel_task', 4],
      ['process', 'roleaccountd', 5],
    ]);
    expect(result.observations[1]!.raw).toMatch(/^root .* \/usr\/libexec\/BackupAgent --daemon -v$/);
  });

  it('finds the header after preamble lines and warns about short rows', () => {
    const text = `ps output captured by sysdiagnose\n\n  PID TTY  COMMAND\n  12 ??  /usr/sbin/syslogd\n  13\n`;
    const result = extractPsList(text, 'ps.txt');
    expect(result.observations.map((o) => o.value)).toEqual(['/usr/sbin/syslogd']);
    expect(result.warnings).toEqual(['line 5: fewer columns than the header']);
  });

  it('is a clear error without a header line', () => {
    expect(extractPsList('root 1 /sbin/launchd\n', 'ps.txt').error).toMatch(/no header line with PID and COMMAND/);
  });
});
