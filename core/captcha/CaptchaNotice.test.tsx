import { cleanup, render, screen } from '@testing-library/react';
import { container as rootContainer } from 'tsyringe';
import { afterEach, describe, expect, it } from 'vitest';

import { ServicesProvider } from '../react/ServicesProvider';
import { CaptchaNotice } from './CaptchaNotice';
import { CaptchaServiceToken } from './CaptchaService';
import { FakeCaptchaService } from './FakeCaptchaService';

afterEach(cleanup);

function renderNotice(captcha: FakeCaptchaService) {
  const container = rootContainer.createChildContainer();
  container.register(CaptchaServiceToken, { useValue: captcha });
  return render(
    <ServicesProvider container={container}>
      <CaptchaNotice />
    </ServicesProvider>,
  );
}

describe('CaptchaNotice', () => {
  it("tells the user about reCAPTCHA with Google's privacy policy and terms while captcha is active", () => {
    renderNotice(new FakeCaptchaService('token-1'));
    expect(screen.getByText(/This site is protected by reCAPTCHA and the Google/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe(
      'https://policies.google.com/privacy',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' }).getAttribute('href')).toBe(
      'https://policies.google.com/terms',
    );
  });

  it('renders nothing while captcha is inactive', () => {
    const { container } = renderNotice(new FakeCaptchaService());
    expect(container.innerHTML).toBe('');
  });
});
