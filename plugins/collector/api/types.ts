/** Operating systems the connector exists for (spec §9). */
export type CollectorOs = 'WIN' | 'MAC';

/** Inspection user data (spec §3): phone only when filled. */
export interface CollectorUserData {
  fullName: string;
  email: string;
  phone?: string;
  os: CollectorOs;
}

/** Answer of the link check. */
export interface LinkValidation {
  valid: true;
  remainingInstalls: number | null;
  expiresAt: string | null;
}
