// The hook lives in core so plugins (the shell's collapsed header) share it.
export { MOBILE_BREAKPOINT_PX, useViewport, type Viewport } from '@core/ui/useViewport';
