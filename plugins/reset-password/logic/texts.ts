/** Texts of the reset page; those the spec quotes are exact (§2, §4, §5). */
export const ResetTexts = {
  title: 'Reset your password',
  expiredTitle: 'Sorry, this link has expired!',
  tryAgain: 'Try again',
  contactSupport: 'Contact support',
  newPassword: 'New Password',
  confirmPassword: 'Confirm New Password',
  changePassword: 'Change password',
  passwordRequired: 'Password is required',
  passwordMismatch: "Password doesn't match",
  code: 'Authentication code',
  codeRequired: 'Authentication code is required',
  recoveryCode: 'Recovery code',
  recoveryRequired: 'Recovery code is required',
  verify: 'Verify',
  useRecoveryCode: 'Use a recovery code',
  useCode: 'Use an authentication code',
  toastTitle: 'Reset password',
  toastMessage: 'Your password has been reset',
  unknownError: 'The application has encountered an unknown error',
  validating: 'Checking your link…',
} as const;

/** Where "Contact support" leads (the sign-in pages' support address). */
export const SUPPORT_URL = 'https://support.jamf.com/';
