export { DefaultToastService } from './DefaultToastService';
export { ToastOutlet } from './ToastOutlet';
export * from './ToastService';
