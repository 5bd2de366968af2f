import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { AxiosInstanceToken } from '@core/http/HttpService';
import { MemoryNavigationService } from '@core/navigation/MemoryNavigationService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { createFakeAxios } from '@core/testing/createFakeAxios';

import { renderHost } from '../../../tests/harness/renderHost';
import { loginPlugin } from '../index';
import { PRERENDERED_ATTRIBUTE } from '../logic/typedBeforeStart';
import { LoginPrerender } from './LoginPrerender';

/** The live page at /login; the API's answers never come (what the first render shows). */
function renderLivePage() {
  const fake = createFakeAxios(() => new Promise(() => {}));
  return renderHost({
    plugins: [loginPlugin],
    path: '/login',
    services: [
      [AxiosInstanceToken, fake.axios],
      [NavigationServiceToken, new MemoryNavigationService('/login')],
    ],
  });
}

/** The document's copy, as the API inserts it: inside a `#root` marked as holding it. */
function insertCopy(): HTMLElement {
  const root = document.createElement('div');
  root.setAttribute(PRERENDERED_ATTRIBUTE, 'login');
  root.innerHTML = renderToStaticMarkup(<LoginPrerender />);
  document.body.append(root);
  return root;
}

/**
 * Markup as the eye sees it, attributes in a fixed order: the copy's buttons are disabled until
 * the live form replaces it, `autofocus` is an attribute in HTML and a focus() call in React, a
 * style attribute is compared by what it sets, and the inputs' left padding is measured by
 * Blueprint after mounting (the stylesheet gives the copy the same room for the icon).
 */
const IGNORED = new Set(['disabled', 'aria-disabled', 'tabindex', 'autofocus']);
function visibleMarkup(node: Node): string {
  if (!(node instanceof Element)) return node.textContent ?? '';
  const attributes = [...node.attributes]
    .filter((attribute) => !IGNORED.has(attribute.name))
    .map((attribute) => {
      if (attribute.name === 'class')
        return `class="${[...node.classList]
          .filter((name) => name !== 'bp6-disabled')
          .sort()
          .join(' ')}"`;
      if (attribute.name === 'style') {
        const style = (node as HTMLElement).style;
        if (node.tagName === 'INPUT') style.removeProperty('padding-left');
        return style.cssText ? `style="${style.cssText}"` : '';
      }
      return `${attribute.name}="${attribute.value}"`;
    })
    .filter(Boolean)
    .sort();
  return `<${node.tagName.toLowerCase()} ${attributes.join(' ')}>${[...node.childNodes].map(visibleMarkup).join('')}</${node.tagName.toLowerCase()}>`;
}

beforeAll(async () => {
  await import('../pages/LoginPage');
}, 60_000);
// The live page offers the passkey button where the browser has passkeys, as Chromium does; jsdom
// has none, so it is given the constructor's presence for these tests only (the window is shared).
beforeEach(() => {
  (window as { PublicKeyCredential?: unknown }).PublicKeyCredential = function PublicKeyCredential() {};
});
afterEach(() => {
  cleanup();
  document.body.innerHTML = '';
  delete (window as { PublicKeyCredential?: unknown }).PublicKeyCredential;
});

describe('the document copy of the sign-in step', () => {
  it('is the markup of the live page’s first render', async () => {
    const root = insertCopy();
    // No <main> of its own: the host frame around it (HostFrame, also around the copy) is the page's one main landmark.
    expect(root.querySelectorAll('main')).toHaveLength(0);
    const copy = root.querySelector('.login-page')!.cloneNode(true);
    document.body.innerHTML = '';
    const host = renderLivePage();
    await screen.findByRole('button', { name: 'Login' });
    const live = host.container.querySelector('.login-page')!;
    expect(live).toBeTruthy();
    expect(visibleMarkup(copy)).toBe(visibleMarkup(live));
  });

  it('submits nothing: every button is disabled and no link is offered', () => {
    const root = insertCopy();
    const buttons = [...root.querySelectorAll('button')];
    expect(buttons.map((button) => button.textContent)).toEqual([
      'Login',
      'Sign in with Jamf',
      'Sign in with Google',
      'Sign in with Okta',
      'Sign in with a passkey',
    ]);
    expect(buttons.every((button) => button.disabled)).toBe(true);
    expect(root.querySelector('.login-links')!.getAttribute('aria-hidden')).toBe('true');
  });

  it('hands what was typed, the focused field and its caret to the live form', async () => {
    const root = insertCopy();
    await userEvent.type(root.querySelector<HTMLInputElement>('#login-username')!, 'bob@example.com');
    const password = root.querySelector<HTMLInputElement>('#login-password')!;
    await userEvent.type(password, 'Passw0rd!');
    password.setSelectionRange(3, 3);
    const host = renderLivePage();
    // (Attribute selectors: the copy, still in this test's document, has the same ids.)
    const livePassword = await waitFor(() => {
      const input = host.container.querySelector<HTMLInputElement>('[id="login-password"]');
      expect(input).toBeTruthy();
      return input!;
    });
    expect(host.container.querySelector<HTMLInputElement>('[id="login-username"]')!.value).toBe('bob@example.com');
    expect(livePassword.value).toBe('Passw0rd!');
    await waitFor(() => expect(document.activeElement).toBe(livePassword));
    expect(livePassword.selectionStart).toBe(3);
    expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
    expect(
      screen.getAllByRole('button', { name: 'Login' }).some((button) => !(button as HTMLButtonElement).disabled),
    ).toBe(true);
  });

  it('is taken over once: the step opened again later starts empty', async () => {
    const root = insertCopy();
    await userEvent.type(root.querySelector<HTMLInputElement>('#login-username')!, 'first');
    renderLivePage();
    await waitFor(() => expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false));
    cleanup();
    root.remove();
    const again = renderLivePage();
    await screen.findByRole('button', { name: 'Login' });
    expect(again.container.querySelector<HTMLInputElement>('#login-username')!.value).toBe('');
  });
});
