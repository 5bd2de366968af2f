import { Button, Callout, Checkbox, Classes, HTMLTable, Tag, Tooltip } from '@blueprintjs/core';
import { CrossIcon, TickIcon } from '@blueprintjs/icons';
import { Fragment, useId, useMemo } from 'react';

import { isCovered } from '@common/permissions/grants';
import { MODE_NAMES, permissionName, resourceName } from '@common/permissions/permissionNames';
import { TableScroll } from '@core/ui/TableScroll/TableScroll';

import { catalogueGrid } from '../../logic/catalogueGrid';
import { DERIVED_CHECKS, PRESETS } from '../../logic/derivedChecks';
import { PermissionNames } from '../PermissionNames/PermissionNames';

/**
 * PermissionEditorProps:
 * - `catalogue`: GET /um/permissions (each permission in its widest mode);
 * - `value` / `onChange`: the selected raw `module#resource#mode` strings;
 * - `held`: the editor's own permissions: only what they cover can be granted (the API refuses the rest);
 * - `locked`: permissions that may not be removed (an administrator's own umg#usr#rw), with `lockedReason`;
 * - `readOnly`: a reader sees the grid without checkboxes to tick.
 */
export interface PermissionEditorProps {
  catalogue: readonly string[];
  value: readonly string[];
  onChange(next: string[]): void;
  held: readonly string[];
  locked?: readonly string[];
  lockedReason?: string;
  readOnly?: boolean;
}

export const NOT_HELD_REASON = 'You cannot grant a permission you do not hold (the API refuses it).';

/**
 * A grid of modules × resources × modes (r, w, rw) with presets and the derived checks shown live;
 * each resource and mode is named by what it allows (common/permissions/permissionNames), its code
 * in a tooltip.
 */
export function PermissionEditor({
  catalogue,
  value,
  onChange,
  held,
  locked = [],
  lockedReason,
  readOnly = false,
}: PermissionEditorProps) {
  const checksHeading = useId();
  const grid = useMemo(() => catalogueGrid(catalogue, value), [catalogue, value]);
  const selected = new Set(value);
  const grantable = (p: string) => isCovered(held, p);
  const toggle = (p: string, on: boolean) => onChange(on ? [...value, p] : value.filter((v) => v !== p));
  const applyPreset = (perms: readonly string[]) => onChange([...value, ...perms.filter((p) => !selected.has(p))]);
  const anyNotHeld = grid.some((m) =>
    m.rows.some((r) => r.modes.some((mode) => !grantable(`${r.module}#${r.resource}#${mode}`))),
  );

  return (
    <div className="admin-permission-editor">
      {!readOnly && (
        <div className="admin-presets" role="group" aria-label="Presets">
          {PRESETS.map((preset) => {
            const missing = preset.permissions.filter((p) => !grantable(p));
            const button = (
              <Button
                key={preset.id}
                size="small"
                variant="outlined"
                text={preset.label}
                disabled={missing.length > 0}
                onClick={() => applyPreset(preset.permissions)}
                title={preset.permissions.map(permissionName).join('; ')}
              />
            );
            return missing.length > 0 ? (
              <Tooltip
                key={preset.id}
                content={`${NOT_HELD_REASON} Missing: ${missing.map(permissionName).join('; ')}`}
              >
                {button}
              </Tooltip>
            ) : (
              button
            );
          })}
        </div>
      )}
      <TableScroll label="Permissions">
        <HTMLTable compact className="admin-grid admin-table" aria-label="Permissions">
          <thead>
            <tr>
              <th>Allows</th>
              <th title="r">{MODE_NAMES.r}</th>
              <th title="w">{MODE_NAMES.w}</th>
              <th title="rw">{MODE_NAMES.rw}</th>
            </tr>
          </thead>
          <tbody>
            {grid.map((module) => (
              <Fragment key={module.module}>
                <tr>
                  <th colSpan={4} scope="rowgroup">
                    {module.label}
                  </th>
                </tr>
                {module.rows.map((row) => (
                  <tr key={row.resource}>
                    <td>
                      <span data-testid="permission-name" title={`${row.module}#${row.resource}`}>
                        {resourceName(row.module, row.resource)}
                      </span>
                    </td>
                    {(['r', 'w', 'rw'] as const).map((mode) => {
                      const perm = `${row.module}#${row.resource}#${mode}`;
                      if (!row.modes.includes(mode))
                        return (
                          <td key={mode} className={Classes.TEXT_MUTED}>
                            –
                          </td>
                        );
                      const isLocked = locked.includes(perm) && selected.has(perm);
                      const notHeld = !grantable(perm);
                      const reason = isLocked ? lockedReason : notHeld ? NOT_HELD_REASON : undefined;
                      return (
                        <td key={mode} title={reason ?? perm}>
                          <Checkbox
                            aria-label={permissionName(perm)}
                            checked={selected.has(perm)}
                            disabled={readOnly || isLocked || (notHeld && !selected.has(perm))}
                            onChange={(e) => toggle(perm, e.currentTarget.checked)}
                            style={{ margin: 0, display: 'inline-block' }}
                          />
                        </td>
                      );
                    })}
                  </tr>
                ))}
              </Fragment>
            ))}
          </tbody>
        </HTMLTable>
      </TableScroll>
      {!readOnly && anyNotHeld && (
        <p className={Classes.TEXT_MUTED} data-testid="not-held-note">
          Greyed-out boxes are permissions you do not hold: you cannot grant them (the API refuses them). A permission
          held in mode rw lets you grant r, w and rw.
        </p>
      )}
      <div className="admin-section">
        <div className={Classes.TEXT_MUTED}>Selected ({value.length}):</div>
        <PermissionNames permissions={value} testId="selected-permissions" />
      </div>
      <div className={Classes.TEXT_MUTED} id={checksHeading}>
        What these permissions allow
      </div>
      <ul className="admin-checks" aria-labelledby={checksHeading}>
        {DERIVED_CHECKS.map((check) => {
          const ok = check.test(value);
          return (
            <li key={check.id} data-satisfied={ok}>
              {/* The verdict in words, not a tick or a cross; the rule's codes in the tooltip. */}
              <Tag
                minimal
                multiline
                intent={ok ? 'success' : 'none'}
                icon={ok ? <TickIcon /> : <CrossIcon />}
                title={check.rule}
              >
                {check.label}: {ok ? 'yes' : 'no'}
              </Tag>
            </li>
          );
        })}
      </ul>
      {!readOnly && lockedReason && locked.some((p) => selected.has(p)) && (
        <Callout intent="primary">{lockedReason}</Callout>
      )}
    </div>
  );
}
