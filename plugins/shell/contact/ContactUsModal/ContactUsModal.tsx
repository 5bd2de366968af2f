import { Button, Callout, DialogBody, DialogFooter, FormGroup, HTMLSelect, InputGroup, Intent, TextArea } from '@blueprintjs/core';
import type { ModalBodyProps } from '@core/modals/ModalService';
import type { RequestType } from '../../api/sendContactRequest';
import { MESSAGE_MAX, REQUEST_TYPE_OPTIONS, SUBJECT_MAX } from '../contactRules';
import { RatingStars } from '../RatingStars';
import { useContactForm } from '../useContactForm';
import '../../shell.css';

export interface ContactUsModalProps extends ModalBodyProps {
  /** The type selected when the modal opens (Contact Support unless a caller chose another). */
  initialType?: RequestType;
}

/**
 * Contact Us (spec §2/§3/§5/§8): type, subject (≤ 250), message (≤ 200000), 5-star rating for
 * feedback only, Dismiss and Send. Opened by the ModalService (basic placement, Escape closes).
 */
export function ContactUsModal({ close, initialType = 'contactSupport' }: ContactUsModalProps) {
  const form = useContactForm(initialType, () => close());
  const showErrors = form.submitted;
  return (
    <form
      data-testid="contact-us-modal"
      onSubmit={(event) => {
        event.preventDefault();
        void form.send();
      }}
    >
      <DialogBody>
        {form.failure ? (
          <Callout intent={Intent.DANGER} role="alert" data-testid="contact-failure" style={{ marginBottom: 12 }}>
            {form.failure}
          </Callout>
        ) : null}
        <FormGroup label="Type" labelFor="contact-type">
          <HTMLSelect
            id="contact-type"
            fill
            value={form.requestType}
            options={REQUEST_TYPE_OPTIONS.map((o) => ({ value: o.value, label: o.label }))}
            onChange={(event) => form.set('requestType', event.currentTarget.value)}
          />
        </FormGroup>
        <FormGroup
          label="Subject"
          labelFor="contact-subject"
          labelInfo="(required)"
          intent={showErrors && form.errors.subject ? Intent.DANGER : Intent.NONE}
          helperText={showErrors ? form.errors.subject : undefined}
        >
          <InputGroup
            id="contact-subject"
            value={form.subject}
            maxLength={SUBJECT_MAX}
            intent={showErrors && form.errors.subject ? Intent.DANGER : Intent.NONE}
            onValueChange={(value) => form.set('subject', value)}
          />
        </FormGroup>
        <FormGroup
          label="Message"
          labelFor="contact-message"
          labelInfo="(required)"
          intent={showErrors && form.errors.message ? Intent.DANGER : Intent.NONE}
          helperText={showErrors && form.errors.message ? form.errors.message : `${form.message.length} / ${MESSAGE_MAX}`}
        >
          <TextArea
            id="contact-message"
            fill
            rows={6}
            value={form.message}
            maxLength={MESSAGE_MAX}
            intent={showErrors && form.errors.message ? Intent.DANGER : Intent.NONE}
            onChange={(event) => form.set('message', event.currentTarget.value)}
          />
        </FormGroup>
        {form.requestType === 'sendFeedback' ? (
          <FormGroup label="Rating">
            <RatingStars value={form.rating} onChange={(value) => form.set('rating', value)} disabled={form.sending} />
          </FormGroup>
        ) : null}
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button text="Dismiss" onClick={() => close()} />
            <Button type="submit" intent={Intent.PRIMARY} text="Send" loading={form.sending} />
          </>
        }
      />
    </form>
  );
}
