import { Button, FormGroup, TextArea } from '@blueprintjs/core';
import { Import } from '@blueprintjs/icons';
import { useRef, useState } from 'react';

/** RuleSetImportProps: `onImport` receives the bundle's text and, for a file, its name; it resolves whether the import succeeded. */
export interface RuleSetImportProps {
  onImport(bundle: string, fileName?: string): Promise<boolean>;
}

/** Import a STIX 2.1 bundle: choose a .stix2/.json file, or paste its JSON. */
export function RuleSetImport({ onImport }: RuleSetImportProps) {
  const input = useRef<HTMLInputElement>(null);
  const [pasted, setPasted] = useState('');
  const [busy, setBusy] = useState(false);
  const run = async (work: Promise<unknown>) => {
    setBusy(true);
    try {
      await work;
    } finally {
      setBusy(false);
    }
  };
  return (
    <section aria-label="Import a rule set" style={{ marginBottom: 24 }}>
      <Button icon={<Import />} text="Import a STIX 2.1 file" disabled={busy} onClick={() => input.current?.click()} />
      <input
        ref={input}
        type="file"
        accept=".stix2,.json,application/json"
        hidden
        data-testid="bundle-input"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) void run(file.text().then((text) => onImport(text, file.name)));
        }}
      />
      <FormGroup label="Or paste a bundle" labelFor="bundle-paste" style={{ marginTop: 12 }}>
        <TextArea id="bundle-paste" fill rows={4} placeholder='{"type": "bundle", "id": "bundle--…", "objects": […]}' value={pasted} onChange={(event) => setPasted(event.target.value)} />
      </FormGroup>
      <Button
        text="Import pasted bundle"
        disabled={busy || !pasted.trim()}
        onClick={() =>
          void run(
            // A refused bundle stays in the box so it can be corrected, next to the error shown.
            onImport(pasted).then((imported) => {
              if (imported) setPasted('');
            }),
          )
        }
      />
    </section>
  );
}
