export { sanitizeSvg, sanitizeSvgMarkup } from './sanitizeSvg';
export type { ServerSvgProps } from './ServerSvg';
export { SERVER_SVG_DEFAULT_VIEWBOX, SERVER_SVG_DEFAULT_WIDTH, ServerSvg } from './ServerSvg';
