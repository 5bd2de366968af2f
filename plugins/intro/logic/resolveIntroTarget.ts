import { gluonPaths } from '@common/gluon/paths';

/** Sub-products a link may name (spec intro paragraph); anything else falls back to gluon. */
export const INTRO_PRODUCTS = [
  'gluon',
  'neutrino',
  'electron',
  'admin',
  'monitoring',
  'globalrulesrepository',
] as const;

export interface IntroQuery {
  token: string | null;
  product: string | null;
  deviceId: string | null;
  incidentId: string | null;
}

export function parseIntroQuery(search: string): IntroQuery {
  const params = new URLSearchParams(search.startsWith('?') ? search.slice(1) : search);
  const value = (name: string) => params.get(name)?.trim() || null;
  return {
    token: value('token'),
    product: value('product'),
    deviceId: value('deviceId'),
    incidentId: value('incidentId'),
  };
}

/** Product root, or for gluon the device or incident page the link points at. */
export function resolveIntroTarget({ product, deviceId, incidentId }: Omit<IntroQuery, 'token'>): string {
  const name = (INTRO_PRODUCTS as readonly string[]).includes(product?.toLowerCase() ?? '')
    ? product!.toLowerCase()
    : 'gluon';
  if (name === 'gluon') {
    if (deviceId) return gluonPaths.device(deviceId);
    if (incidentId) return gluonPaths.incident(incidentId);
  }
  return `/${name}`;
}
