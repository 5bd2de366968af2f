import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

import type { TokenService } from '../../../contracts';
import { randomToken } from '../../../services/secrets';

/**
 * A webhook's signing secret. The sender needs it in clear to sign each POST, so it is stored
 * encrypted (AES-256-GCM), under a key derived from the API's signing key through the token
 * service's keyed digest: every instance sharing the signing key can decrypt, the database alone
 * cannot. Shown once, on creation.
 */
export function newWebhookSecret(): string {
  return `whsec_${randomToken(32)}`;
}

function keyOf(tokens: Pick<TokenService, 'digest'>): Buffer {
  return Buffer.from(tokens.digest('monitoring.webhookSecret.v1'), 'hex').subarray(0, 32);
}

export function encryptWebhookSecret(tokens: Pick<TokenService, 'digest'>, secret: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(tokens), iv);
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return `v1.${iv.toString('base64url')}.${cipher.getAuthTag().toString('base64url')}.${data.toString('base64url')}`;
}

export function decryptWebhookSecret(tokens: Pick<TokenService, 'digest'>, stored: string): string {
  const [version, iv, tag, data] = stored.split('.');
  if (version !== 'v1' || !iv || !tag || data === undefined)
    throw new Error('monitoring: unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', keyOf(tokens), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
}

/** The signature header's value: HMAC-SHA256 over `<timestamp>.<body>`, hex (see README). */
export function signWebhook(secret: string, timestamp: string, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex')}`;
}
