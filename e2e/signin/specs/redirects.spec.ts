import type { Page } from '@playwright/test';

import type { NewUser, RunningApi } from '../fixtures/apiProcess';
import { loginPage } from '../fixtures/loginPage';
import { expect, test } from '../fixtures/test';

async function signInWith(page: Page, api: RunningApi, user: NewUser, query = ''): Promise<void> {
  const seeded = await api.createUser(user);
  const login = loginPage(page);
  await login.open(query);
  await login.signIn(seeded.email, seeded.password);
}

test.describe('post-login redirect rules', () => {
  test('an uploader goes to /gluon/upload (even with a returnUrl)', async ({ page, api }) => {
    await signInWith(page, api, { name: 'uploader', permissions: ['gln#upl#rw'] }, '?returnUrl=%2Fneutrino');
    await expect(page).toHaveURL(/\/gluon\/upload$/);
    await expect(page.getByRole('heading', { name: 'Upload', exact: true })).toBeVisible();
  });

  test('a single-product user goes to that product root', async ({ page, api }) => {
    await signInWith(page, api, { name: 'ntr-only', permissions: ['ntr#cfg#rw', 'ntr#rpt#rw'] }, '?returnUrl=%2Fgluon');
    await expect(page).toHaveURL(/\/neutrino$/);
  });

  test('a SaaS-only gluon user (saas environment, no crash/process/rescan) goes to /gluon', async ({ page, api }) => {
    await signInWith(
      page,
      api,
      { name: 'saas', permissions: ['gln#rpt#rw', 'gln#cfg#r', 'ntr#cfg#rw'] },
      '?returnUrl=%2Fneutrino',
    );
    await expect(page).toHaveURL(/\/gluon$/);
  });

  test('otherwise the returnUrl is kept', async ({ page, api }) => {
    await signInWith(page, api, { name: 'keeps' }, '?returnUrl=%2Fneutrino%3Ftab%3D2');
    await expect(page).toHaveURL(/\/neutrino\?tab=2$/);
  });

  for (const [label, returnUrl] of [
    ['an absolute web address', 'https://evil.example/steal'],
    ['a protocol-relative address', '//evil.example/steal'],
    ['a javascript: URL', 'javascript:alert(1)'],
    ['an encoded double slash', '/%2F%2Fevil.example'],
  ] as const) {
    test(`${label} as returnUrl falls back to /gluon`, async ({ page, api }) => {
      await signInWith(page, api, { name: 'unsafe' }, `?returnUrl=${encodeURIComponent(returnUrl)}`);
      await expect(page).toHaveURL(new RegExp(`^${api.origin}/gluon$`));
    });
  }
});
