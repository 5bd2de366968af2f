// The two-auth and recovery-code steps' flow, loaded as one chunk when a code is submitted.
export { authenticationCode, recoveryCode } from './secondFactorMethods';
export { verifySecondFactor } from './verifySecondFactor';
