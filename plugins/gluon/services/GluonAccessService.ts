import type { Observable } from 'rxjs';

import { createServiceToken } from '@core/di/ServiceToken';

/** What the current token lets a user do in gluon (spec §6), for pages to show or hide tools. */
export interface GluonAccess {
  inspectionAdmin: boolean;
  uploader: boolean;
  newInspection: boolean;
  downloadFiles: boolean;
  readConfig: boolean;
  writeConfig: boolean;
  crashExplorer: boolean;
  processExplorer: boolean;
  rescan: boolean;
  saasVariant: boolean;
  upload: boolean;
  readReports: boolean;
  triage: boolean;
}

export interface GluonAccessService {
  /** Follows sign-in, refresh and logout. */
  readonly access$: Observable<GluonAccess>;
  access(): GluonAccess;
}

/** Gluon's own service: provided by plugins/gluon/services/gluonServices.ts, loaded with its pages. */
export const GluonAccessServiceToken = createServiceToken<GluonAccessService>('gluon.access');
