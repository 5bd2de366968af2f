/** Answers of the collector-link calls (server/routes/backends/collectorLinkAdminRoutes.ts). */
export type LinkStatus = 'active' | 'disabled' | 'expired' | 'limitReached';

export interface CollectorLink {
  id: string;
  name: string | null;
  active: boolean;
  maxInstalls: number | null;
  installs: number;
  expiresAt: string | null;
  createdAt: string;
  status: LinkStatus;
}

export interface LinkPage {
  items: CollectorLink[];
  total: number;
  page: number;
  size: number;
}

export type LinkSort = 'createdAt' | 'name' | 'installs' | 'expiresAt';

export interface CollectorInstall {
  id: string;
  fullName: string;
  email: string;
  phone: string | null;
  os: string;
  createdAt: string;
}

export interface NewLink {
  name: string | null;
  maxInstalls: number | null;
  expiresAt: string | null;
}

/** The installer platforms the API serves (quick links and installer downloads). */
export type InstallerOs = 'WIN' | 'MAC';
