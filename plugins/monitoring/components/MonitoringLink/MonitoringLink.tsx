import { AppLink } from '@core/ui/AppLink/AppLink';

/** Monitoring's pages link with core's AppLink (an address that opens in a new tab too). */
export const MonitoringLink = AppLink;
