import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { apiFailure } from '@core/testing';
import { type ToastService, ToastServiceToken } from '@core/toasts/ToastService';

import { renderHost } from '../../../../tests/harness/renderHost';
import { makeTestToken } from '../../../../tests/harness/tokens';
import type { ShellApi } from '../../api/ShellApi';
import { ALL_PRODUCT_PERMS, shellHost } from '../../shellTestSetup';
import { MESSAGE_MAX, ratingToSend, SUBJECT_MAX } from '../contactRules';

/** The modal opened from the profile menu, over a fake ShellApi (the request itself: api/DefaultShellApi.test.ts). */
async function openContact(path: string, sendContactRequest: ShellApi['sendContactRequest']) {
  const { options, api } = shellHost({ path, token: makeTestToken(ALL_PRODUCT_PERMS), api: { sendContactRequest } });
  const host = renderHost(options);
  fireEvent.click(await screen.findByTestId('profile-menu-button', {}, { timeout: 5000 }));
  fireEvent.click(within(await screen.findByTestId('profile-menu', {}, { timeout: 5000 })).getByText('Contact Us'));
  const modal = await screen.findByTestId('contact-us-modal', {}, { timeout: 5000 });
  return { host, api, modal };
}

const fill = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label, { exact: false }), { target: { value } });
const sent = async () => undefined;

describe('Contact Us modal', () => {
  it("has the four types in the spec's words, Dismiss and Send; the rating shows for feedback only", async () => {
    await openContact('/gluon', sent);
    const select = screen.getByLabelText('Type') as HTMLSelectElement;
    expect(Array.from(select.options).map((o) => [o.value, o.text])).toEqual([
      ['contactSupport', 'Contact Support'],
      ['featureRequest', 'Feature Request'],
      ['sendFeedback', 'Send Feedback'],
      ['reportABug', 'Report a Bug'],
    ]);
    expect(screen.getByText('Dismiss')).toBeTruthy();
    expect(screen.getByText('Send')).toBeTruthy();
    expect(screen.queryByTestId('contact-rating')).toBeNull();
    fireEvent.change(select, { target: { value: 'sendFeedback' } });
    const stars = within(screen.getByTestId('contact-rating')).getAllByRole('radio') as HTMLInputElement[];
    expect(stars).toHaveLength(5);
    expect(stars.findIndex((s) => s.checked)).toBe(2); // default 3
  });

  it('requires subject and message and bounds them at 250 / 200000', async () => {
    const { api } = await openContact('/gluon', sent);
    fireEvent.click(screen.getByText('Send'));
    expect(await screen.findByText('Subject is required')).toBeTruthy();
    expect(screen.getByText('Message is required')).toBeTruthy();
    expect(api.sendContactRequest).not.toHaveBeenCalled();
    expect((screen.getByLabelText('Subject', { exact: false }) as HTMLInputElement).maxLength).toBe(SUBJECT_MAX);
    expect((screen.getByLabelText('Message', { exact: false }) as HTMLTextAreaElement).maxLength).toBe(MESSAGE_MAX);
  });

  it('sends feedback with four stars to the product the user is in, then toasts and closes', async () => {
    const { host, api } = await openContact('/neutrino', sent);
    const shown: string[] = [];
    host.services
      .resolve<ToastService>(ToastServiceToken)
      .toasts$.subscribe((list) => list.forEach((t) => shown.push(`${t.title}|${t.message}|${t.timeout}`)));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'sendFeedback' } });
    fill('Subject', 'Nice & quick');
    fill('Message', 'Works well?');
    fireEvent.click(screen.getByLabelText('4 stars'));
    fireEvent.click(screen.getByText('Send'));
    await waitFor(() => expect(screen.queryByTestId('contact-us-modal')).toBeNull());
    expect(api.sendContactRequest.mock.calls).toEqual([
      [
        'neutrino',
        {
          requestType: 'sendFeedback',
          subject: 'Nice & quick',
          message: 'Works well?',
          rating: 4,
          relatedPageUrl: `${window.location.origin}/neutrino`,
        },
      ],
    ]);
    expect(shown).toContain('Contact Us|Contact form has been sent|3000');
  });

  it('sends rating 0 for the other types, whatever was picked before', async () => {
    const { api } = await openContact('/electron', sent);
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'sendFeedback' } });
    fireEvent.click(screen.getByLabelText('5 stars'));
    fireEvent.change(screen.getByLabelText('Type'), { target: { value: 'reportABug' } });
    fill('Subject', 's');
    fill('Message', 'm');
    fireEvent.click(screen.getByText('Send'));
    await waitFor(() => expect(api.sendContactRequest).toHaveBeenCalledTimes(1));
    expect(api.sendContactRequest.mock.calls[0]![0]).toBe('electron');
    expect(api.sendContactRequest.mock.calls[0]![1]).toMatchObject({ requestType: 'reportABug', rating: 0 });
    expect(ratingToSend('featureRequest', 4)).toBe(0);
    expect(ratingToSend('sendFeedback', 4)).toBe(4);
  });

  it("a failed send shows the server's message in the modal and keeps what was typed", async () => {
    await openContact('/gluon', () =>
      Promise.reject(apiFailure(400, { message: 'subject must NOT have more than 250 characters' })),
    );
    fill('Subject', 'Kept subject');
    fill('Message', 'Kept message');
    fireEvent.click(screen.getByText('Send'));
    expect((await screen.findByRole('alert')).textContent).toBe('subject must NOT have more than 250 characters');
    expect((screen.getByLabelText('Subject', { exact: false }) as HTMLInputElement).value).toBe('Kept subject');
    expect((screen.getByLabelText('Message', { exact: false }) as HTMLTextAreaElement).value).toBe('Kept message');
    fireEvent.click(screen.getByText('Dismiss'));
    await waitFor(() => expect(screen.queryByTestId('contact-us-modal')).toBeNull());
  });
});
