import type { Observable } from 'rxjs';

import { createServiceToken } from '../di/ServiceToken';
import type { HttpRequestConfig } from '../http/HttpService';

export type DownloadType = 'collector' | 'quick_link' | 'enterprise_installer' | 'file';

/** A download panel (spec §3 "Download item"). */
export interface DownloadItem {
  id: string;
  type: DownloadType;
  titleMessage: string;
  message: string;
  noTitle?: boolean;
  /** Bytes received so far, and the total when the server sent one. */
  loaded: number;
  total?: number;
  /** 'Error - File Not Found' when the download failed. */
  error?: string;
  done: boolean;
}

export interface DownloadRequest {
  type: DownloadType;
  titleMessage: string;
  message?: string;
  noTitle?: boolean;
  /** The request that answers the file (a blob). */
  request: HttpRequestConfig;
  /** File name used when the answer names none. */
  fileName: string;
}

export interface DownloadService {
  /** Panels stacked bottom-right, newest last. */
  readonly items$: Observable<readonly DownloadItem[]>;
  /** Resolves when saved, rejects after marking the panel failed. */
  start(request: DownloadRequest): Promise<void>;
  /** Close a (failed) panel. */
  dismiss(id: string): void;
}

export const DownloadServiceToken = createServiceToken<DownloadService>('downloads');
export const DOWNLOAD_ERROR = 'Error - File Not Found';

/** Progress in MB with 2 decimals (spec §4). */
export function formatMegabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(2);
}
