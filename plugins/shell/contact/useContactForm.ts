import { useState } from 'react';
import { HttpServiceToken } from '@core/http/HttpService';
import { NavigationServiceToken } from '@core/navigation/NavigationService';
import { useService } from '@core/react';
import { ToastServiceToken } from '@core/toasts/ToastService';
import { sendContactRequest, type RequestType } from '../api/sendContactRequest';
import { serverMessage } from '../logic/serverMessage';
import { RATING_DEFAULT, productOfPath, ratingToSend, validateContact, type ContactErrors } from './contactRules';

export interface ContactForm {
  requestType: RequestType;
  subject: string;
  message: string;
  rating: number;
  errors: ContactErrors;
  /** True once Send was pressed: field errors show from then on. */
  submitted: boolean;
  sending: boolean;
  /** The server's message of the last failed send (shown in an alert inside the modal). */
  failure: string | null;
  set(field: 'requestType' | 'subject' | 'message' | 'rating', value: string | number): void;
  send(): Promise<void>;
}

/**
 * The Contact Us form's state and its one call. A failed send keeps every field as typed and
 * shows the server's message; success shows the toast of spec §8 and closes the modal.
 */
export function useContactForm(initialType: RequestType, onSent: () => void): ContactForm {
  const http = useService(HttpServiceToken);
  const navigation = useService(NavigationServiceToken);
  const toasts = useService(ToastServiceToken);
  const [requestType, setType] = useState<RequestType>(initialType);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [rating, setRating] = useState(RATING_DEFAULT);
  const [submitted, setSubmitted] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const errors = validateContact(subject, message);

  return {
    requestType,
    subject,
    message,
    rating,
    errors,
    submitted,
    sending,
    failure,
    set(field, value) {
      if (field === 'requestType') setType(value as RequestType);
      else if (field === 'subject') setSubject(String(value));
      else if (field === 'message') setMessage(String(value));
      else setRating(Number(value));
    },
    async send() {
      setSubmitted(true);
      if (errors.subject || errors.message || sending) return;
      setSending(true);
      setFailure(null);
      try {
        const path = navigation.path();
        await sendContactRequest(http, productOfPath(path), {
          requestType,
          subject,
          message,
          rating: ratingToSend(requestType, rating),
          relatedPageUrl: window.location.origin + path,
        });
        toasts.success('Contact Us', 'Contact form has been sent');
        onSent();
      } catch (error) {
        setFailure(serverMessage(error));
      } finally {
        setSending(false);
      }
    },
  };
}
