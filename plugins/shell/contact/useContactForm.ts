import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useService } from '@core/react';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { type RequestType, ShellApiToken } from '../api/ShellApi';
import { serverMessage } from '../logic/serverMessage';
import { productOfPath, ratingToSend } from './contactRules';

/** What the Contact Us form holds. */
export interface ContactValues {
  requestType: RequestType;
  subject: string;
  message: string;
  rating: number;
}

/**
 * The Contact Us form's one call, to the product the user is in. Success shows the toast of
 * spec §8 and closes the modal; a failure answers the server's message (every field is kept as typed).
 */
export function useContactForm(onSent: () => void): (values: ContactValues) => Promise<string | undefined> {
  const api = useService(ShellApiToken);
  const navigation = useService(NavigationServiceToken);
  const toasts = useService(ToastServiceToken);
  return async ({ requestType, subject, message, rating }) => {
    const path = navigation.path();
    try {
      await api.sendContactRequest(productOfPath(path), {
        requestType,
        subject,
        message,
        rating: ratingToSend(requestType, rating),
        relatedPageUrl: window.location.origin + path,
      });
    } catch (error) {
      return serverMessage(error);
    }
    toasts.success('Contact Us', 'Contact form has been sent');
    onSent();
    return undefined;
  };
}
