// @console/plugin-sdk 1.0.0: the console's public surface for runtime plugins, one list in core
// (core/sdk/index.ts). A plugin's bundle never contains it: `plugin:pack` keeps the name external
// and the console's import map sends it to the console's own instance (/console-sdk/).
export * from '../../../core/sdk';
