import { gluonPaths } from '@common/gluon/paths';
import { AppLink } from '@core/ui/AppLink/AppLink';

/**
 * A device's name as the server names it (`displayName`): a link to gluon's device page for users
 * who may open it, text otherwise (spec: neutrino sees devices through hunts).
 */
export function DeviceName({ id, name, canOpen }: { id: string; name: string; canOpen: boolean }) {
  return canOpen ? <AppLink to={gluonPaths.device(id)}>{name}</AppLink> : <span>{name}</span>;
}
