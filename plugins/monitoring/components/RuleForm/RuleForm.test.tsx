import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { ComponentProps } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { CreatedRule, NewRule } from '../../api/MonitoringApi';
import { RuleForm, webhookUrlError } from './RuleForm';

const SECRET = 'whsec_abcdefghijklmnopqrstuvwxyz0123456789ABCDEFG';

function renderForm(
  answer: CreatedRule | { error: string } = { id: 'r1', webhooks: [] },
  lists: Omit<ComponentProps<typeof RuleForm>, 'onCreate'> = {},
) {
  const onCreate = vi.fn(async (_rule: NewRule) =>
    'error' in answer ? ({ ok: false, error: answer.error } as const) : ({ ok: true, value: answer } as const),
  );
  render(<RuleForm onCreate={onCreate} {...lists} />);
  fireEvent.change(screen.getByLabelText('Rule name'), { target: { value: 'High to the SIEM' } });
  return onCreate;
}

describe('RuleForm webhook channel', () => {
  afterEach(cleanup);

  it.each([
    ['https://hooks.example.com/services/T0', null],
    ['http://siem.internal:8080/in', null],
    ['hooks.example.com', 'Enter a URL such as https://hooks.example.com/….'],
    ['ftp://hooks.example.com/', 'The webhook URL must use https.'],
    ['https://user:pw@hooks.example.com/', 'The webhook URL must not carry a user name or password.'],
  ])('checks %s', (url, error) => {
    expect(webhookUrlError(url)).toBe(error);
  });

  it('sends a webhook-only rule, then shows its secret once with a copy button until dismissed', async () => {
    const writeText = vi.fn(async () => undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const onCreate = renderForm({
      id: 'r1',
      webhooks: [{ recipientId: 'c1', host: 'hooks.example.com', secret: SECRET }],
    });
    fireEvent.change(screen.getByLabelText('Webhook URL (optional)'), {
      target: { value: ' https://hooks.example.com/services/T0 ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(onCreate).toHaveBeenCalledWith({
        name: 'High to the SIEM',
        minSeverity: 'high',
        frequency: 'immediate',
        recipients: [{ webhookUrl: 'https://hooks.example.com/services/T0' }],
      }),
    );
    const field = await screen.findByLabelText<HTMLInputElement>('Webhook secret for hooks.example.com');
    expect(field.value).toBe(SECRET);
    expect(field.readOnly).toBe(true);
    expect(screen.getByText(/shown only this once/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Copy the webhook secret for hooks.example.com' }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(SECRET));
    expect(await screen.findByRole('button', { name: 'Copied the webhook secret for hooks.example.com' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'I have copied it' }));
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('sends e-mail addresses and a webhook together', async () => {
    const onCreate = renderForm();
    fireEvent.change(screen.getByLabelText('Recipients (e-mail)'), { target: { value: 'soc@example.com' } });
    fireEvent.change(screen.getByLabelText('Webhook URL (optional)'), {
      target: { value: 'https://siem.example.com/in' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(onCreate).toHaveBeenCalledWith(
        expect.objectContaining({
          recipients: [{ email: 'soc@example.com' }, { webhookUrl: 'https://siem.example.com/in' }],
        }),
      ),
    );
    expect(screen.queryByText(/shown only this once/)).toBeNull();
  });

  it('asks for a recipient or a webhook, refuses a malformed URL, and shows the server refusal', async () => {
    const onCreate = renderForm({
      error:
        'The webhook host localhost is (or resolves to) 127.0.0.1, a loopback, private, link-local, multicast or metadata address.',
    });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Enter one or more e-mail addresses, or a webhook URL.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Webhook URL (optional)'), { target: { value: 'ftp://x.example.com/' } });
    fireEvent.blur(screen.getByLabelText('Webhook URL (optional)'));
    expect(await screen.findByText('The webhook URL must use https.')).toBeTruthy();
    expect(onCreate).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('Webhook URL (optional)'), { target: { value: 'http://localhost:8080/' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText(/localhost is \(or resolves to\) 127\.0\.0\.1/)).toBeTruthy();
    expect(screen.queryByText(/shown only this once/)).toBeNull();
  });
});

describe('RuleForm after a rule is added', () => {
  afterEach(cleanup);

  it('starts again untouched (no red errors), names the rule it added, and errs again only when submitted again', async () => {
    const onCreate = renderForm();
    fireEvent.change(screen.getByLabelText('Recipients (e-mail)'), { target: { value: 'soc@example.com' } });
    fireEvent.blur(screen.getByLabelText('Recipients (e-mail)'));
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect((await screen.findByRole('status')).textContent).toBe('Rule “High to the SIEM” added.');
    expect(onCreate).toHaveBeenCalledTimes(1);
    expect(screen.getByLabelText<HTMLInputElement>('Rule name').value).toBe('');
    expect(screen.getByLabelText<HTMLInputElement>('Recipients (e-mail)').value).toBe('');
    expect(screen.queryByText('Name the rule.')).toBeNull();
    expect(screen.queryByText('Enter one or more e-mail addresses, or a webhook URL.')).toBeNull();
    // Typing the next rule clears the message; submitting it empty shows the errors again.
    fireEvent.change(screen.getByLabelText('Rule name'), { target: { value: 'Next' } });
    expect(screen.queryByRole('status')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    expect(await screen.findByText('Enter one or more e-mail addresses, or a webhook URL.')).toBeTruthy();
    expect(onCreate).toHaveBeenCalledTimes(1);
  });

  it('selects by category, family and device group when given, and offers groups only with the list', async () => {
    const onCreate = renderForm(
      { id: 'r1', webhooks: [] },
      {
        families: [{ id: 'malware--dark', name: 'DarkSword' }],
        groups: [{ id: 'g1', name: 'Executives', watched: true, deviceIds: [] }],
      },
    );
    fireEvent.change(screen.getByLabelText('Category'), { target: { value: 'incident' } });
    fireEvent.change(screen.getByLabelText('Family'), { target: { value: 'malware--dark' } });
    fireEvent.change(screen.getByLabelText('Device group'), { target: { value: 'g1' } });
    fireEvent.change(screen.getByLabelText('Recipients (e-mail)'), { target: { value: 'soc@example.com' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add rule' }));
    await waitFor(() =>
      expect(onCreate).toHaveBeenCalledWith({
        name: 'High to the SIEM',
        minSeverity: 'high',
        frequency: 'immediate',
        category: 'incident',
        familyId: 'malware--dark',
        groupId: 'g1',
        recipients: [{ email: 'soc@example.com' }],
      }),
    );
    // The selects start again at "every …".
    expect(await screen.findByRole('status')).toBeTruthy();
    expect(screen.getByLabelText<HTMLSelectElement>('Family').value).toBe('');
    cleanup();
    renderForm();
    expect(screen.queryByLabelText('Device group')).toBeNull();
  });
});
