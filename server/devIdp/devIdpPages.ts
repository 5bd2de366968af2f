/** HTML of the development identity provider: plain forms with stable names for Playwright. */

import { escapeHtml } from '../services/escapeHtml';

const STYLE = `body{font-family:system-ui,sans-serif;background:#f5f6f8;margin:0}
main{max-width:360px;margin:48px auto;background:#fff;padding:24px 28px;border-radius:6px;box-shadow:0 1px 4px rgba(0,0,0,.2)}
h1{font-size:1.3em;font-weight:500}label{display:block;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px}
button{margin-top:16px;padding:8px 16px}.error{color:#b00020}.hint{color:#555;font-size:.85em}`;

function page(title: string, body: string): string {
  return `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

export interface LoginPageInput {
  providerLabel: string;
  clientName: string;
  action: string;
  abortAction: string;
  email?: string;
  error?: string;
}

export function loginPage(input: LoginPageInput): string {
  const error = input.error ? `<p class="error" role="alert">${escapeHtml(input.error)}</p>` : '';
  return page(
    `Sign in - ${input.providerLabel}`,
    `<h1>Sign in to ${escapeHtml(input.providerLabel)}</h1>
<p class="hint">Development identity provider. Continue to ${escapeHtml(input.clientName)}.</p>${error}
<form method="post" action="${escapeHtml(input.action)}" autocomplete="off">
<label for="email">E-mail</label><input id="email" name="email" type="email" required autofocus value="${escapeHtml(input.email ?? '')}">
<label for="password">Password</label><input id="password" name="password" type="password" required>
<button type="submit">Sign in</button>
</form>
<form method="post" action="${escapeHtml(input.abortAction)}"><button type="submit">Cancel</button></form>`,
  );
}

export function errorPage(title: string, details: Record<string, string>): string {
  const rows = Object.entries(details)
    .map(([key, value]) => `<p><strong>${escapeHtml(key)}</strong>: ${escapeHtml(value)}</p>`)
    .join('');
  return page(title, `<h1>${escapeHtml(title)}</h1>${rows}`);
}

/** RP-initiated logout: signs out without a question (the console already asked), button kept for no-JS. */
export function logoutPage(form: string): string {
  return page(
    'Sign out',
    `<h1>Signing out</h1>${form}
<button type="submit" form="op.logoutForm" name="logout" value="yes" id="logout-yes">Sign out</button>
<script>document.getElementById('logout-yes').click();</script>`,
  );
}

export function loggedOutPage(): string {
  return page('Signed out', '<h1>Signed out</h1><p>You have been signed out.</p>');
}
