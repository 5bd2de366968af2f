import { Button, Intent } from '@blueprintjs/core';
import { ArrowRight } from '@blueprintjs/icons';
import { Form } from 'react-final-form';

import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import type { CollectorDetails } from '../../flows/collectorReducer';
import { CollectorTexts } from '../../logic/texts';
import { MAX_LENGTHS, validateEmail, validateFullName, validatePhone } from '../../logic/validators';

export interface DetailsFormProps {
  /** What was typed before (coming back through the breadcrumb). */
  initialValues: CollectorDetails;
  /** False while the link is being checked or when it is invalid: fields and Continue disabled. */
  enabled: boolean;
  onContinue(details: CollectorDetails): void;
}

/** Step 1 "Enter Details": Full Name, Email, Phone (optional), Continue. */
export function DetailsForm({ initialValues, enabled, onContinue }: DetailsFormProps) {
  return (
    <Form<CollectorDetails>
      onSubmit={(values) =>
        onContinue({ fullName: values.fullName ?? '', email: values.email ?? '', phone: values.phone ?? '' })
      }
      initialValues={initialValues}
      render={({ handleSubmit, invalid }) => (
        <form onSubmit={handleSubmit} noValidate aria-label={CollectorTexts.stepDetails}>
          <FormTextField
            idPrefix="collector"
            name="fullName"
            label={CollectorTexts.fullName}
            validate={validateFullName}
            autoComplete="name"
            maxLength={MAX_LENGTHS.fullName}
            disabled={!enabled}
            autoFocus
          />
          <FormTextField
            idPrefix="collector"
            name="email"
            label={CollectorTexts.email}
            type="email"
            validate={validateEmail}
            autoComplete="email"
            maxLength={MAX_LENGTHS.email}
            disabled={!enabled}
          />
          <FormTextField
            idPrefix="collector"
            name="phone"
            label={CollectorTexts.phone}
            labelInfo={CollectorTexts.optional}
            type="tel"
            validate={validatePhone}
            autoComplete="tel"
            maxLength={MAX_LENGTHS.phone}
            disabled={!enabled}
          />
          <Button
            type="submit"
            intent={Intent.PRIMARY}
            fill
            endIcon={<ArrowRight />}
            disabled={!enabled || invalid}
            text={CollectorTexts.continue}
          />
        </form>
      )}
    />
  );
}
