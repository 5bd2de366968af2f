import { pathSegment } from '../navigation/pathSegment';

/** The password reset page (public): the manifest's route pattern and the link the recovery mail carries. */
export const resetPasswordRoutes = { reset: '/resetPassword/:password_recovery_id' } as const;

export const resetPasswordPaths = {
  reset: (recoveryId: string): string => `/resetPassword/${pathSegment(recoveryId)}`,
};
