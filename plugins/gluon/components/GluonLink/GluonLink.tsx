import { AppLink, type AppLinkProps } from '@core/ui/AppLink/AppLink';

/** GluonLinkProps: `to` is an in-app path (device or incident page). */
export type GluonLinkProps = AppLinkProps;

/** Gluon's pages link with core's AppLink (an address that opens in a new tab too). */
export const GluonLink = AppLink;
