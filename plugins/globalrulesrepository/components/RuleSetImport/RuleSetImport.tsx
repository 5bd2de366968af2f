import { Button, FormGroup, TextArea } from '@blueprintjs/core';
import { DocumentOpen } from '@blueprintjs/icons';
import { useRef, useState } from 'react';
import { Field, Form } from 'react-final-form';

/** RuleSetImportProps: `onImport` receives the bundle's text and, for a file, its name; it resolves whether the import succeeded. */
export interface RuleSetImportProps {
  onImport(bundle: string, fileName?: string): Promise<boolean>;
}

/** Import a STIX 2.1 bundle: choose a .stix2/.json file, or paste its JSON. */
export function RuleSetImport({ onImport }: RuleSetImportProps) {
  const input = useRef<HTMLInputElement>(null);
  const [reading, setReading] = useState(false);
  const importFile = async (file: File) => {
    setReading(true);
    try {
      await onImport(await file.text(), file.name);
    } finally {
      setReading(false);
    }
  };
  return (
    <section aria-label="Import a rule set" style={{ marginBottom: 24 }}>
      <Form<{ bundle?: string }>
        onSubmit={async ({ bundle }, form) => {
          // A refused bundle stays in the box so it can be corrected, next to the error shown.
          if (await onImport(bundle ?? '')) form.restart();
        }}
        subscription={{ submitting: true, values: true }}
      >
        {({ handleSubmit, submitting, values }) => (
          <form onSubmit={handleSubmit}>
            <Button
              icon={<DocumentOpen />}
              text="Import a STIX 2.1 file"
              disabled={reading || submitting}
              onClick={() => input.current?.click()}
            />
            <input
              ref={input}
              type="file"
              accept=".stix2,.json,application/json"
              hidden
              data-testid="bundle-input"
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (file) void importFile(file);
              }}
            />
            <FormGroup label="Or paste a bundle" labelFor="bundle-paste" style={{ marginTop: 12 }}>
              <Field<string> name="bundle">
                {({ input: field }) => (
                  <TextArea
                    id="bundle-paste"
                    fill
                    rows={4}
                    placeholder='{"type": "bundle", "id": "bundle--…", "objects": […]}'
                    {...field}
                  />
                )}
              </Field>
            </FormGroup>
            <Button
              type="submit"
              text="Import pasted bundle"
              disabled={reading || submitting || !values.bundle?.trim()}
            />
          </form>
        )}
      </Form>
    </section>
  );
}
