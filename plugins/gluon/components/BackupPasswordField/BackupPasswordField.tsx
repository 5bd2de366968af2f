import { FormGroup, InputGroup } from '@blueprintjs/core';

/** BackupPasswordField: the encrypted iPhone backup's password for the next files dropped or picked. */
export interface BackupPasswordFieldProps {
  value: string;
  onChange(value: string): void;
}

/**
 * Always shown, optional: the console cannot tell an encrypted backup before the server opens
 * it, and asking after the upload would mean sending a large file twice. The password goes with
 * the next files added, then the field is emptied (the page keeps it no longer than that).
 */
export function BackupPasswordField({ value, onChange }: BackupPasswordFieldProps) {
  return (
    <FormGroup
      label="Backup password"
      labelFor="gluon-backup-password"
      labelInfo="(encrypted iPhone backups only)"
      helperText="Sent with the next files you add, used only to decrypt the backup during its inspection, never stored."
      style={{ maxWidth: 480, marginBottom: 12 }}
    >
      <InputGroup
        id="gluon-backup-password"
        type="password"
        autoComplete="off"
        value={value}
        onValueChange={onChange}
        data-testid="backup-password"
      />
    </FormGroup>
  );
}
