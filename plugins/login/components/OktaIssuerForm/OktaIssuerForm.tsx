import { Button, Intent } from '@blueprintjs/core';
import { Globe } from '@blueprintjs/icons';
import { FORM_ERROR } from 'final-form';
import { Form } from 'react-final-form';

import { FormTextField } from '@core/ui/FormTextField/FormTextField';

import { LoginTexts } from '../../logic/texts';
import { validateOktaDomain } from '../../logic/validators';
import { ActionLink } from '../ActionLink/ActionLink';

export interface OktaIssuerFormProps {
  /** Domain typed before (e.g. `?okta=acme.okta.com`). */
  initialDomain?: string;
  /** Looks the domain up and redirects; answers 'Invalid Okta domain' on failure. */
  onSubmit(domain: string): Promise<string | undefined>;
  /** Back to the login step. */
  onReturn(): void;
}

/** The okta-client-issuer step. */
export function OktaIssuerForm({ initialDomain, onSubmit, onReturn }: OktaIssuerFormProps) {
  return (
    <Form<{ oktaDomain: string }>
      onSubmit={async ({ oktaDomain }) => {
        const error = await onSubmit(oktaDomain);
        return error ? { oktaDomain: error, [FORM_ERROR]: error } : undefined;
      }}
      initialValues={{ oktaDomain: initialDomain ?? '' }}
      render={({ handleSubmit, submitting }) => (
        <form onSubmit={handleSubmit} noValidate aria-label="Okta sign-in">
          <p>Enter your organisation's Okta domain, e.g. acme.okta.com.</p>
          <FormTextField
            idPrefix="login"
            name="oktaDomain"
            label="Okta domain"
            validate={validateOktaDomain}
            autoComplete="url"
            autoFocus
            leftIcon={<Globe />}
          />
          <Button type="submit" intent={Intent.PRIMARY} fill loading={submitting} text="Continue" />
          <p className="login-links">
            <ActionLink onClick={onReturn} disabled={submitting}>
              {LoginTexts.returnToLogin}
            </ActionLink>
          </p>
        </form>
      )}
    />
  );
}
