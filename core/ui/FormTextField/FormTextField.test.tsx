import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form } from 'react-final-form';
import { afterEach, describe, expect, it } from 'vitest';

import { FormTextField, type FormTextFieldProps } from './FormTextField';

afterEach(cleanup);

const required = (value: unknown) => (value ? undefined : 'Required');

function renderField(props: Partial<FormTextFieldProps> = {}) {
  return render(
    <Form onSubmit={() => undefined}>
      {({ handleSubmit }) => (
        <form onSubmit={handleSubmit} aria-label="test form">
          <FormTextField idPrefix="test" name="code" label="Code" validate={required} {...props} />
          <button type="submit">Send</button>
        </form>
      )}
    </Form>,
  );
}

describe('FormTextField', () => {
  it('labels the input and gives it the prefixed id', () => {
    renderField();
    expect(screen.getByLabelText('Code').id).toBe('test-code');
  });

  it('shows its own error only once the field was left, until it is fixed', async () => {
    renderField();
    const input = screen.getByLabelText('Code');
    expect(screen.queryByText('Required')).toBeNull();
    fireEvent.focus(input);
    fireEvent.blur(input);
    expect(screen.getByText('Required')).toBeTruthy();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    await userEvent.type(input, '12');
    expect(screen.queryByText('Required')).toBeNull();
  });

  it('shows the hint while there is no error, and an external error over it', () => {
    const { rerender } = renderField({ validate: undefined, hint: 'At least 8 characters' });
    expect(screen.getByText('At least 8 characters')).toBeTruthy();
    rerender(
      <Form onSubmit={() => undefined}>
        {() => (
          <FormTextField
            idPrefix="test"
            name="code"
            label="Code"
            hint="At least 8 characters"
            externalError="Passwords do not match"
          />
        )}
      </Form>,
    );
    expect(screen.getByText('Passwords do not match')).toBeTruthy();
    expect(screen.queryByText('At least 8 characters')).toBeNull();
  });

  it('hides the error of a disabled field and passes typed text through parse', async () => {
    renderField({ disabled: true });
    fireEvent.click(screen.getByRole('button', { name: 'Send' }));
    expect(screen.queryByText('Required')).toBeNull();
    cleanup();
    renderField({ parse: (value) => value.replace(/\D/g, '') });
    await userEvent.type(screen.getByLabelText('Code'), 'a1b2');
    expect((screen.getByLabelText('Code') as HTMLInputElement).value).toBe('12');
  });
});
