export type { ContactUsModalProps } from './ContactUsModal';
export { ContactUsModal } from './ContactUsModal';
