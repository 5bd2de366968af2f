import { ApiClientToken } from '@core/api/ApiClient';
import { type Loaded, useLoader } from '@core/react/useLoader';
import { useService } from '@core/react/useService';
import { ToastServiceToken } from '@core/toasts/ToastService';

import { installRuntimePlugin } from '../api/installRuntimePlugin';
import { listRuntimePlugins, type RuntimePluginItem, type RuntimePluginList } from '../api/listRuntimePlugins';
import { removeRuntimePlugin } from '../api/removeRuntimePlugin';
import { apiMessage } from '../logic/apiMessage';
import { type Action, useAction } from './useAction';
import { useConfirmedAction } from './useConfirmedAction';

export interface RuntimePluginsState {
  list: Loaded<RuntimePluginList>;
  action: Action;
  /** Sends the package; the API's refusal (signature, clash, bad package) lands in `action.error`. */
  install(file: File): Promise<RuntimePluginItem | undefined>;
  /** Confirmed first: its users lose its pages on their next navigation. */
  remove(plugin: RuntimePluginItem): Promise<void>;
}

/** The Plugins page's logic: the installed runtime plugins, installing a package, removing one. */
export function useRuntimePlugins(): RuntimePluginsState {
  const api = useService(ApiClientToken);
  const toasts = useService(ToastServiceToken);
  const list = useLoader('runtime-plugins', () => listRuntimePlugins(api), { describe: apiMessage });
  const action = useAction();
  const confirmed = useConfirmedAction(action);
  return {
    list,
    action,
    async install(file) {
      const item = await action.run(() => installRuntimePlugin(api, file));
      if (item) {
        toasts.success('Plugin installed', `${item.title} ${item.version} is installed.`);
        list.reload();
      }
      return item;
    },
    async remove(plugin) {
      const done = await confirmed(
        `Remove ${plugin.title} ${plugin.version}? Its pages disappear for every user on their next navigation.`,
        () => removeRuntimePlugin(api, plugin.id).then(() => true),
        { title: 'Plugin removed', message: `${plugin.title} has been removed.` },
        'Remove',
      );
      if (done) list.reload();
    },
  };
}
