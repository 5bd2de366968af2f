/** Every user-facing text of the sign-in screens that the spec quotes (exact, §5 and §8). */
export const LoginTexts = {
  usernameRequired: 'Username is required',
  passwordRequired: 'Password is required',
  codeRequired: 'Authentication code is required',
  invalidCode: 'Invalid six digit code.',
  recoveryRequired: 'Recovery code is required',
  invalidRecovery: 'Invalid recovery code.',
  emailRequired: 'Email is required',
  emailInvalid: 'Please enter a valid email address',
  oktaRequired: 'Okta domain is required',
  oktaInvalid: 'Invalid Okta domain',
  badCredentials: "The username / password you've entered doesn't match any account.",
  noConnection: 'No connection, please make sure you have a valid internet connection and try again',
  unknownError: 'The application has encountered an unknown error',
  jamfRequired: 'You must enter a value',
  jamfInvalid: 'Not a valid email',
  accessDenied: 'Access Denied',
  userNotFound: 'User not found',
  thirdPartyCookies: 'Third-party cookies should be enabled',
  signInExpired: 'Your sign-in has expired. Please sign in again.',
  forgotPassword: 'Forgot your password?',
  returnToLogin: 'Return to login screen',
  // Not quoted by the spec (README, "Providers that are not configured"): said plainly instead
  // of the unknown-error text when the API has no Google client.
  googleNotConfigured: 'Sign in with Google is not available: it is not configured for this console.',
} as const;
