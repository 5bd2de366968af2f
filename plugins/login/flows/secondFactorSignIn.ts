// The two-auth and recovery-code steps' flow, loaded as one chunk when a code is submitted.
export { verifySecondFactor } from './verifySecondFactor';
export { authenticationCode, recoveryCode } from './secondFactorMethods';
