export { DefaultDownloadService, formatProgress } from './DefaultDownloadService';
export * from './DownloadService';
export { DownloadsOutlet } from './DownloadsOutlet';
export { fileNameFromContentDisposition, saveBlob } from './saveBlob';
