import { NonIdealState } from '@blueprintjs/core';
import type { Root } from 'react-dom/client';

import type { PluginManifest } from '@core/plugin/PluginManifest';
import { findManifestProblems, PluginManifestError } from '@core/plugin/validateManifests';

/**
 * Start-up validation, in its own chunk so the validator is in no route's first load: when a
 * manifest is invalid, the console is replaced by the list of problems, each naming its plugin.
 */
export function checkManifests(plugins: readonly PluginManifest[], root: Root): readonly string[] {
  const problems = findManifestProblems(plugins);
  if (problems.length > 0) {
    console.error(new PluginManifestError(problems).message);
    root.render(
      <NonIdealState
        className="host-plugin-error"
        title="Invalid plugin manifests"
        description={
          <ul data-testid="manifest-problems">
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        }
      />,
    );
  }
  return problems;
}
