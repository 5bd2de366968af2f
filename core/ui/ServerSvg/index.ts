export { ServerSvg, SERVER_SVG_DEFAULT_VIEWBOX, SERVER_SVG_DEFAULT_WIDTH } from './ServerSvg';
export type { ServerSvgProps } from './ServerSvg';
export { sanitizeSvg, sanitizeSvgMarkup } from './sanitizeSvg';
