import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import type { WebhookTarget } from './webhookTarget';

/** Connect and answer within this time (one timer for both), else the delivery is retried. */
export const WEBHOOK_TIMEOUT_MS = 5000;
/** At most this much of the answer is read (a failure reason quotes its start). */
export const WEBHOOK_RESPONSE_CAP = 2048;

export interface WebhookAnswer {
  /** null when no answer came (refused, timed out, TLS error). */
  status: number | null;
  error: string | null;
}

/**
 * POSTs a signed body to a checked target. The connection goes to the address checked by
 * resolveWebhookTarget (a lookup that returns it: the name is not resolved again, so DNS
 * rebinding cannot swap it), while TLS still verifies the certificate for the host name. No
 * redirect is followed (a 3xx is a failure); the answer is read up to WEBHOOK_RESPONSE_CAP.
 */
export function postWebhook(
  target: WebhookTarget,
  headers: Record<string, string>,
  body: string,
  timeoutMs = WEBHOOK_TIMEOUT_MS,
): Promise<WebhookAnswer> {
  const pinned: LookupFunction = (_hostname, options, callback) => {
    if (options.all)
      (callback as unknown as (e: null, a: { address: string; family: number }[]) => void)(null, [
        { address: target.address, family: target.family },
      ]);
    else callback(null, target.address, target.family);
  };
  const client = target.url.protocol === 'https:' ? https : http;
  return new Promise((resolve) => {
    let settled = false;
    const done = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(answer);
    };
    const request = client.request(
      target.url,
      {
        method: 'POST',
        lookup: pinned,
        agent: false,
        headers: {
          ...headers,
          'content-type': 'application/json',
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': 'mtd-monitoring-webhook/1',
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        const finish = () => {
          response.destroy();
          const text = Buffer.concat(chunks).toString('utf8').slice(0, 200).replace(/\s+/g, ' ').trim();
          if (status >= 200 && status < 300) done({ status, error: null });
          else if (status >= 300 && status < 400)
            done({ status, error: `HTTP ${status}: redirects are not followed.` });
          else done({ status, error: `HTTP ${status}${text ? `: ${text}` : ''}` });
        };
        response.on('data', (chunk: Buffer) => {
          if (size < WEBHOOK_RESPONSE_CAP) chunks.push(chunk.subarray(0, WEBHOOK_RESPONSE_CAP - size));
          size += chunk.length;
          if (size >= WEBHOOK_RESPONSE_CAP) finish();
        });
        response.on('end', finish);
        response.on('error', finish);
      },
    );
    const timer = setTimeout(() => {
      request.destroy();
      done({ status: null, error: `No answer within ${timeoutMs / 1000} s.` });
    }, timeoutMs);
    request.on('error', (error) => done({ status: null, error: `Not delivered: ${error.message}` }));
    request.end(body);
  });
}
