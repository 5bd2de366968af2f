import type { DependencyContainer } from 'tsyringe';

import { ToastServiceToken } from '@core/toasts/ToastService';

/** The toast a signed-in user sees after an unknown address sent them to '' (spec §2's redirect). */
export function noticeUnknownPage(container: DependencyContainer, path: string): void {
  container.resolve(ToastServiceToken).show({
    intent: 'warning',
    title: 'Page not found',
    message: `The page ${path} does not exist.`,
  });
}
