export * from './ModalService';
export { DefaultModalService, CONFIRM_TITLE } from './DefaultModalService';
export { ModalOutlet, SIDE_PANEL_SIZES } from './ModalOutlet';
export { resolveModalBehaviour, isSidePlacement, SIDE_PLACEMENTS } from './resolveModalBehaviour';
export type { ModalBehaviour } from './resolveModalBehaviour';
