export * from './CaptchaService';
export { DefaultCaptchaService } from './DefaultCaptchaService';
export { CaptchaNotice } from './CaptchaNotice';
export { FakeCaptchaService } from './FakeCaptchaService';
