import { Fragment } from 'react';

import { permissionName } from '@common/permissions/permissionNames';

/** Permissions in words ("Devices, incidents and reports: View"), sorted, each code in its tooltip; "none" when empty. */
export function PermissionNames({ permissions, testId }: { permissions: readonly string[]; testId?: string }) {
  const sorted = [...permissions].sort();
  return (
    <span data-testid={testId}>
      {sorted.length
        ? sorted.map((p, i) => (
            // Names hold commas ("Devices, incidents and reports"): a semicolon separates them.
            <Fragment key={p}>
              {i > 0 && '; '}
              <span title={p}>{permissionName(p)}</span>
            </Fragment>
          ))
        : 'none'}
    </span>
  );
}
