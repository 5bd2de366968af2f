import type { AxiosProgressEvent } from 'axios';
import { BehaviorSubject, type Observable } from 'rxjs';
import { inject, injectable } from 'tsyringe';

import { type HttpService, HttpServiceToken } from '../http/HttpService';
import { randomId } from '../util/randomId';
import {
  DOWNLOAD_ERROR,
  type DownloadItem,
  type DownloadRequest,
  type DownloadService,
  formatMegabytes,
} from './DownloadService';
import { fileNameFromContentDisposition, saveBlob } from './saveBlob';

/** Panel text while downloading: '1.50 MB' or '1.50 MB / 3.00 MB' when the size is known. */
export function formatProgress(item: Pick<DownloadItem, 'loaded' | 'total'>): string {
  const loaded = `${formatMegabytes(item.loaded)} MB`;
  return item.total ? `${loaded} / ${formatMegabytes(item.total)} MB` : loaded;
}

/** Downloads as panels (spec §4): progress, then save and remove; or an error kept until closed. */
@injectable()
export class DefaultDownloadService implements DownloadService {
  private readonly list = new BehaviorSubject<readonly DownloadItem[]>([]);
  readonly items$: Observable<readonly DownloadItem[]> = this.list.asObservable();

  constructor(@inject(HttpServiceToken) private readonly http: HttpService) {}

  async start(request: DownloadRequest): Promise<void> {
    const id = randomId();
    this.list.next([
      ...this.list.value,
      {
        id,
        type: request.type,
        titleMessage: request.titleMessage,
        message: request.message ?? '',
        noTitle: request.noTitle,
        loaded: 0,
        done: false,
      },
    ]);
    try {
      const callerProgress = request.request.onDownloadProgress;
      const response = await this.http.request<Blob>({
        ...request.request,
        responseType: 'blob',
        onDownloadProgress: (event: AxiosProgressEvent) => {
          this.update(id, { loaded: event.loaded, total: event.total || undefined });
          callerProgress?.(event);
        },
      });
      const blob = response.data instanceof Blob ? response.data : new Blob([response.data as BlobPart]);
      const name = fileNameFromContentDisposition(response.headers?.['content-disposition']) ?? request.fileName;
      this.update(id, { loaded: blob.size, done: true });
      saveBlob(blob, name);
      this.remove(id);
    } catch (error) {
      this.update(id, { error: DOWNLOAD_ERROR, done: true });
      throw error;
    }
  }

  dismiss(id: string): void {
    this.remove(id);
  }

  private update(id: string, patch: Partial<DownloadItem>): void {
    this.list.next(this.list.value.map((item) => (item.id === id ? { ...item, ...patch } : item)));
  }

  private remove(id: string): void {
    const next = this.list.value.filter((item) => item.id !== id);
    if (next.length !== this.list.value.length) this.list.next(next);
  }
}
