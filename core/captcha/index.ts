export { CaptchaNotice } from './CaptchaNotice';
export * from './CaptchaService';
export { DefaultCaptchaService } from './DefaultCaptchaService';
export { FakeCaptchaService } from './FakeCaptchaService';
