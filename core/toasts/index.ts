export * from './ToastService';
export { DefaultToastService } from './DefaultToastService';
export { ToastOutlet } from './ToastOutlet';
