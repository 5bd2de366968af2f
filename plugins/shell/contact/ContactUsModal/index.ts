export { ContactUsModal } from './ContactUsModal';
export type { ContactUsModalProps } from './ContactUsModal';
