import { Classes, FormGroup, HTMLSelect } from '@blueprintjs/core';

import type { Mutation } from '@core/react/useMutation';

import type { IncidentDetail, IncidentOwner } from '../../api/GluonApi';
import { useIncidentOwners } from '../../hooks/useIncidentOwners';

/** IncidentOwnerFieldProps: the incident's owner (null: nobody); `change` only for who may triage. */
export interface IncidentOwnerFieldProps {
  owner: IncidentOwner | null;
  change?: Mutation<[userId: string | null], IncidentDetail> | undefined;
}

const NOBODY = '';

/**
 * Who looks after the incident. Read-only it is a line; for an analyst who may triage it is a
 * select of the tenant's users who may triage, saved on change (the audit log keeps who gave it).
 */
export function IncidentOwnerField({ owner, change }: IncidentOwnerFieldProps) {
  const candidates = useIncidentOwners(!!change);
  if (!change) {
    return (
      <p className="gluon-incident-owner">
        Owner: {owner ? owner.email : <span className={Classes.TEXT_MUTED}>nobody</span>}
      </p>
    );
  }
  // The current owner stays choosable even if they may no longer triage (the list is who may).
  const users = candidates.data ?? [];
  const options = owner && !users.some((u) => u.id === owner.id) ? [owner, ...users] : users;
  return (
    <FormGroup
      className="gluon-incident-owner"
      label="Owner"
      labelFor="incident-owner"
      inline
      intent={change.error || candidates.error ? 'danger' : 'none'}
      helperText={change.error ?? candidates.error ?? undefined}
    >
      <HTMLSelect
        id="incident-owner"
        value={owner?.id ?? NOBODY}
        disabled={change.pending || candidates.loading}
        onChange={(e) => void change.run(e.currentTarget.value === NOBODY ? null : e.currentTarget.value)}
      >
        <option value={NOBODY}>Nobody</option>
        {options.map((u) => (
          <option key={u.id} value={u.id}>
            {u.email}
          </option>
        ))}
      </HTMLSelect>
    </FormGroup>
  );
}
