import { Button, NonIdealState } from '@blueprintjs/core';
import { WarningSignIcon } from '@blueprintjs/icons';
import { Component, type ErrorInfo, type ReactNode } from 'react';

import { retryFailedPluginServices } from './PluginServices';

interface Props {
  pluginTitle: string;
  /** The panel clears when this changes (e.g. the path), so navigating away recovers. */
  resetKey?: string;
  /** Header contributions fail silently (nothing rendered) rather than with a big panel. */
  quiet?: boolean;
  children?: ReactNode;
}

interface State {
  error: Error | null;
  resetKey?: string;
}

/** Keeps a crashing plugin (or its failed chunk) inside its own box; the shell stays up. */
export class PluginErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, resetKey: this.props.resetKey };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { error: null, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // The panel is up (the children no longer render): a plugin whose services failed is asked
    // again when they next do (Try again, another path), not in a loop before the panel shows.
    retryFailedPluginServices();
    console.error(`[plugin ${this.props.pluginTitle}]`, error, info.componentStack);
  }

  override render(): ReactNode {
    const { error } = this.state;
    if (!error) return this.props.children;
    if (this.props.quiet) return null;
    return (
      <NonIdealState
        className="host-plugin-error"
        icon={<WarningSignIcon size={48} />}
        title={`${this.props.pluginTitle} ran into a problem`}
        description={error.message || 'The module failed to load.'}
        action={<Button text="Try again" onClick={() => this.setState({ error: null })} />}
      />
    );
  }
}
