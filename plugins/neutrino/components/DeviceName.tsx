import { AppLink } from '@core/ui/AppLink/AppLink';

/** A device's name: a link to gluon's device page for users who may open it, text otherwise (spec: neutrino sees devices through hunts). */
export function DeviceName({ id, name, canOpen }: { id: string; name: string; canOpen: boolean }) {
  return canOpen ? <AppLink to={`/devices/${encodeURIComponent(id)}`}>{name}</AppLink> : <span>{name}</span>;
}
