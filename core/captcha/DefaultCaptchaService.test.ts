import { firstValueFrom } from 'rxjs';
import { container as rootContainer, type DependencyContainer } from 'tsyringe';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { MemoryNavigationService } from '../navigation/MemoryNavigationService';
import { NavigationServiceToken } from '../navigation/NavigationService';
import { registerCoreServices } from '../registerCoreServices';
import { createFakeAxios, type FakeReply } from '../testing/createFakeAxios';
import { CaptchaServiceToken } from './CaptchaService';
import { CAPTCHA_TIMEOUT_MS } from './createRecaptchaClient';
import { DefaultCaptchaService } from './DefaultCaptchaService';
import { type Grecaptcha, RECAPTCHA_SCRIPT_ID } from './loadRecaptcha';

let container: DependencyContainer | undefined;

/** The registered default over an in-memory API answering the site-id look-up with `reply`. */
function setup(reply: () => FakeReply) {
  const fake = createFakeAxios((request) =>
    request.url === '/um/captcha/Google' ? reply() : { status: 404, data: {} },
  );
  container = registerCoreServices(rootContainer.createChildContainer(), {
    services: [[NavigationServiceToken, new MemoryNavigationService('/login')]],
    axios: fake.axios,
  });
  const captcha = container.resolve(CaptchaServiceToken);
  const lookUps = () => fake.requests.filter((r) => r.method === 'GET' && r.url === '/um/captcha/Google');
  return { captcha, lookUps, requests: fake.requests };
}

const site = (siteId: string | null) => () => ({ status: 200, data: { siteId } });
const script = () => document.getElementById(RECAPTCHA_SCRIPT_ID) as HTMLScriptElement | null;
/** Resolves once the lazily loaded client added the script (a few promise turns). */
const scriptAdded = () => vi.waitFor(() => expect(script()).not.toBeNull());

function fakeGrecaptcha(executed: Array<{ siteId: string; action: string }>): Grecaptcha {
  return {
    ready: (callback) => callback(),
    execute: async (siteId, { action }) => (executed.push({ siteId, action }), `token-for-${action}`),
  };
}

afterEach(async () => {
  vi.useRealTimers();
  script()?.remove();
  document.head
    .querySelectorAll('style')
    .forEach((style) => style.textContent?.includes('grecaptcha-badge') && style.remove());
  delete window.grecaptcha;
  await container?.dispose();
  container = undefined;
});

describe('DefaultCaptchaService', () => {
  it('is the registered default, and asks nothing until used', async () => {
    const { captcha, requests } = setup(site('site-1'));
    expect(captcha).toBeInstanceOf(DefaultCaptchaService);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(requests).toHaveLength(0);
    expect(script()).toBeNull();
  });

  it('asks for the site id once per page load, however many subscribe and ask for tokens', async () => {
    const { captcha, lookUps } = setup(site(null));
    const [a, b] = await Promise.all([firstValueFrom(captcha.active$), firstValueFrom(captcha.active$)]);
    expect([a, b]).toEqual([false, false]);
    expect(await captcha.getToken('login')).toBeUndefined();
    expect(await captcha.getToken('two_factor')).toBeUndefined();
    expect(await firstValueFrom(captcha.active$)).toBe(false);
    expect(lookUps()).toHaveLength(1);
    expect(lookUps()[0]!.headers.Authorization).toBeUndefined();
  });

  it('inactive (no site id): no script is loaded and no token given', async () => {
    const { captcha } = setup(site(null));
    expect(await captcha.getToken('login')).toBeUndefined();
    expect(script()).toBeNull();
  });

  it('a failed site-id look-up counts as inactive', async () => {
    const { captcha } = setup(() => ({ status: 500, data: {} }));
    expect(await firstValueFrom(captcha.active$)).toBe(false);
    expect(await captcha.getToken('login')).toBeUndefined();
    expect(script()).toBeNull();
  });

  it("active: loads Google's script for the site once, hides the badge, and answers a token per action", async () => {
    const { captcha, lookUps } = setup(site('site 1'));
    expect(await firstValueFrom(captcha.active$)).toBe(true);
    await scriptAdded();
    expect(script()!.src).toBe('https://www.google.com/recaptcha/api.js?render=site%201');
    expect(
      [...document.head.querySelectorAll('style')].some(
        (style) => style.textContent === '.grecaptcha-badge{visibility:hidden}',
      ),
    ).toBe(true);
    const executed: Array<{ siteId: string; action: string }> = [];
    window.grecaptcha = fakeGrecaptcha(executed);
    script()!.dispatchEvent(new Event('load'));
    expect(await captcha.getToken('login')).toBe('token-for-login');
    expect(await captcha.getToken('password_recovery')).toBe('token-for-password_recovery');
    expect(executed).toEqual([
      { siteId: 'site 1', action: 'login' },
      { siteId: 'site 1', action: 'password_recovery' },
    ]);
    expect(document.querySelectorAll(`#${RECAPTCHA_SCRIPT_ID}`)).toHaveLength(1);
    expect(lookUps()).toHaveLength(1);
  });

  it('a late subscriber reads the known answer at once', async () => {
    const { captcha } = setup(site('site-1'));
    await firstValueFrom(captcha.active$);
    let seen: boolean | undefined;
    captcha.active$.subscribe((active) => (seen = active)).unsubscribe();
    expect(seen).toBe(true);
  });

  it('a script that fails to load gives no token, without waiting for the timeout', async () => {
    const { captcha } = setup(site('site-1'));
    const token = captcha.getToken('login');
    await scriptAdded();
    script()!.dispatchEvent(new Event('error'));
    expect(await token).toBeUndefined();
  });

  it('a script that loads without the reCAPTCHA global gives no token', async () => {
    const { captcha } = setup(site('site-1'));
    const token = captcha.getToken('login');
    await scriptAdded();
    script()!.dispatchEvent(new Event('load'));
    expect(await token).toBeUndefined();
  });

  it('a token that is refused by reCAPTCHA is left out', async () => {
    const { captcha } = setup(site('site-1'));
    const token = captcha.getToken('login');
    await scriptAdded();
    window.grecaptcha = {
      ready: (callback) => callback(),
      execute: () => Promise.reject(new Error('invalid site key')),
    };
    script()!.dispatchEvent(new Event('load'));
    expect(await token).toBeUndefined();
  });

  it('gives up after 5 s when the script never answers', async () => {
    const { captcha } = setup(site('site-1'));
    await firstValueFrom(captcha.active$);
    await scriptAdded();
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    let settled = false;
    const token = captcha.getToken('login').then((value) => ((settled = true), value));
    await vi.advanceTimersByTimeAsync(CAPTCHA_TIMEOUT_MS - 1);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(await token).toBeUndefined();
    expect(settled).toBe(true);
  });
});
