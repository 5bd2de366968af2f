export * from './DownloadService';
export { DefaultDownloadService, formatProgress } from './DefaultDownloadService';
export { DownloadsOutlet } from './DownloadsOutlet';
export { fileNameFromContentDisposition, saveBlob } from './saveBlob';
