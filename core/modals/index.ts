export { CONFIRM_TITLE, DefaultModalService } from './DefaultModalService';
export { ModalOutlet, SIDE_PANEL_SIZES } from './ModalOutlet';
export * from './ModalService';
export type { ModalBehaviour } from './resolveModalBehaviour';
export { isSidePlacement, resolveModalBehaviour, SIDE_PLACEMENTS } from './resolveModalBehaviour';
