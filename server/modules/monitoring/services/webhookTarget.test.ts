import { describe, expect, it } from 'vitest';

import { isForbiddenAddress, parseWebhookUrl, resolveWebhookTarget, webhookPolicy } from './webhookTarget';

const dev = webhookPolicy({ nodeEnv: 'development', allow: undefined });
const fakeDns =
  (answers: Record<string, string[]>) =>
  async (host: string): Promise<{ address: string; family: number }[]> => {
    const list = answers[host];
    if (!list) throw new Error('ENOTFOUND');
    return list.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };

describe('webhook SSRF guard', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.255.0.9', true],
    ['10.1.2.3', true],
    ['172.16.0.1', true],
    ['172.31.255.255', true],
    ['192.168.0.10', true],
    ['169.254.169.254', true],
    ['100.64.0.1', true],
    ['100.100.100.200', true],
    ['224.0.0.1', true],
    ['255.255.255.255', true],
    ['0.0.0.0', true],
    ['::', true],
    ['::1', true],
    ['::ffff:127.0.0.1', true],
    ['::ffff:7f00:1', true],
    ['::ffff:a9fe:a9fe', true],
    ['fd00:ec2::254', true],
    ['fc00::1', true],
    ['fe80::1', true],
    ['ff02::1', true],
    ['64:ff9b::a00:1', true],
    ['not-an-ip', true],
    ['93.184.216.34', false],
    ['172.32.0.1', false],
    ['100.128.0.1', false],
    ['2606:4700::1111', false],
    ['::ffff:93.184.216.34', false],
  ])('%s forbidden: %s', (address, forbidden) => {
    expect(isForbiddenAddress(address)).toBe(forbidden);
  });

  it('accepts https everywhere, http only outside production, and no credentials in the URL', () => {
    const production = webhookPolicy({ nodeEnv: 'production', allow: undefined });
    expect(parseWebhookUrl('https://hooks.example.com/x', production).href).toBe('https://hooks.example.com/x');
    expect(() => parseWebhookUrl('http://hooks.example.com/x', production)).toThrow('The webhook URL must use https.');
    expect(parseWebhookUrl('http://hooks.example.com/x', dev).protocol).toBe('http:');
    expect(() => parseWebhookUrl('ftp://hooks.example.com/x', dev)).toThrow('The webhook URL must use https or http.');
    expect(() => parseWebhookUrl('https://user:pw@hooks.example.com/', dev)).toThrow(
      'must not carry a user name or password',
    );
    expect(() => parseWebhookUrl('not a url', dev)).toThrow('not a valid URL');
  });

  it('checks every address a name resolves to, and connects to the checked one', async () => {
    const dns = fakeDns({
      'siem.example.com': ['93.184.216.34'],
      'rebind.example.com': ['93.184.216.34', '10.0.0.5'],
      'metadata.google.internal': ['169.254.169.254'],
    });
    const ok = await resolveWebhookTarget('https://siem.example.com/in?k=1', dev, dns as never);
    expect(ok).toMatchObject({ host: 'siem.example.com', address: '93.184.216.34', family: 4 });
    await expect(resolveWebhookTarget('https://rebind.example.com/', dev, dns as never)).rejects.toMatchObject({
      statusCode: 400,
      message: expect.stringContaining('10.0.0.5'),
    });
    await expect(resolveWebhookTarget('http://metadata.google.internal/', dev, dns as never)).rejects.toThrow(
      /link-local, multicast or metadata address/,
    );
    await expect(resolveWebhookTarget('https://nowhere.example.com/', dev, dns as never)).rejects.toThrow(
      'does not resolve',
    );
  });

  it('lets the operator allow a host:port whatever it resolves to', async () => {
    const policy = webhookPolicy({ nodeEnv: 'development', allow: ' 127.0.0.1:8080 , Receiver.internal:443' });
    const dns = fakeDns({ 'receiver.internal': ['10.0.0.7'] });
    expect((await resolveWebhookTarget('http://127.0.0.1:8080/hook', policy, dns as never)).address).toBe('127.0.0.1');
    expect((await resolveWebhookTarget('https://receiver.internal/hook', policy, dns as never)).address).toBe(
      '10.0.0.7',
    );
    // Another port of an allowed host is not allowed.
    await expect(resolveWebhookTarget('http://127.0.0.1:8081/hook', policy, dns as never)).rejects.toThrow(/loopback/);
  });
});
