import '../../shell.css';

import {
  Button,
  Callout,
  DialogBody,
  DialogFooter,
  FormGroup,
  HTMLSelect,
  InputGroup,
  Intent,
  TextArea,
} from '@blueprintjs/core';
import { type ReactNode, useState } from 'react';
import { Field, Form } from 'react-final-form';

import type { ModalBodyProps } from '@core/modals/ModalService';

import type { RequestType } from '../../api/ShellApi';
import { MESSAGE_MAX, RATING_DEFAULT, REQUEST_TYPE_OPTIONS, SUBJECT_MAX, validateContact } from '../contactRules';
import { RatingStars } from '../RatingStars';
import { type ContactValues, useContactForm } from '../useContactForm';

export interface ContactUsModalProps extends ModalBodyProps {
  /** The type selected when the modal opens (Contact Support unless a caller chose another). */
  initialType?: RequestType;
}

const validate = (values: Partial<ContactValues>) => validateContact(values.subject ?? '', values.message ?? '');
const keepEmpty = (value: string | undefined) => value ?? '';

/** A required text field: its error shows once Send was pressed; `hint` otherwise. */
function TextField({
  name,
  label,
  showErrors,
  hint,
  children,
}: {
  name: 'subject' | 'message';
  label: string;
  showErrors: boolean;
  hint?: (value: string) => ReactNode;
  children: (input: { value: string; onChange(value: string): void; intent: Intent }) => ReactNode;
}) {
  return (
    <Field<string> name={name} parse={keepEmpty}>
      {({ input, meta }) => {
        const error = showErrors ? (meta.error as string | undefined) : undefined;
        const intent = error ? Intent.DANGER : Intent.NONE;
        return (
          <FormGroup
            label={label}
            labelFor={`contact-${name}`}
            labelInfo="(required)"
            intent={intent}
            helperText={error ?? hint?.(input.value)}
          >
            {children({ value: input.value, onChange: input.onChange, intent })}
          </FormGroup>
        );
      }}
    </Field>
  );
}

/**
 * Contact Us (spec §2/§3/§5/§8): type, subject (≤ 250), message (≤ 200000), 5-star rating for
 * feedback only, Dismiss and Send. Opened by the ModalService (basic placement, Escape closes).
 */
export function ContactUsModal({ close, initialType = 'contactSupport' }: ContactUsModalProps) {
  const send = useContactForm(() => close());
  const [initialValues] = useState<ContactValues>({
    requestType: initialType,
    subject: '',
    message: '',
    rating: RATING_DEFAULT,
  });
  // Field errors show once Send was pressed.
  const [submitted, setSubmitted] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <Form<ContactValues>
      initialValues={initialValues}
      validate={validate}
      onSubmit={async (values) => {
        setFailure(null);
        setFailure((await send(values)) ?? null);
      }}
      render={({ handleSubmit, submitting, values }) => (
        <form
          data-testid="contact-us-modal"
          onSubmit={(event) => {
            setSubmitted(true);
            void handleSubmit(event);
          }}
        >
          <DialogBody>
            {failure ? (
              <Callout intent={Intent.DANGER} role="alert" data-testid="contact-failure" style={{ marginBottom: 12 }}>
                {failure}
              </Callout>
            ) : null}
            <Field<RequestType> name="requestType">
              {({ input }) => (
                <FormGroup label="Type" labelFor="contact-type">
                  <HTMLSelect
                    id="contact-type"
                    fill
                    value={input.value}
                    options={REQUEST_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
                    onChange={(event) => input.onChange(event.currentTarget.value)}
                  />
                </FormGroup>
              )}
            </Field>
            <TextField name="subject" label="Subject" showErrors={submitted}>
              {({ value, onChange, intent }) => (
                <InputGroup
                  id="contact-subject"
                  value={value}
                  maxLength={SUBJECT_MAX}
                  intent={intent}
                  onValueChange={onChange}
                />
              )}
            </TextField>
            <TextField
              name="message"
              label="Message"
              showErrors={submitted}
              hint={(value) => `${value.length} / ${MESSAGE_MAX}`}
            >
              {({ value, onChange, intent }) => (
                <TextArea
                  id="contact-message"
                  fill
                  rows={6}
                  value={value}
                  maxLength={MESSAGE_MAX}
                  intent={intent}
                  onChange={(event) => onChange(event.currentTarget.value)}
                />
              )}
            </TextField>
            {values.requestType === 'sendFeedback' ? (
              <Field<number> name="rating">
                {({ input }) => (
                  <FormGroup label="Rating">
                    <RatingStars value={input.value} onChange={input.onChange} disabled={submitting} />
                  </FormGroup>
                )}
              </Field>
            ) : null}
          </DialogBody>
          <DialogFooter
            actions={
              <>
                <Button text="Dismiss" onClick={() => close()} />
                <Button type="submit" intent={Intent.PRIMARY} text="Send" loading={submitting} />
              </>
            }
          />
        </form>
      )}
    />
  );
}
