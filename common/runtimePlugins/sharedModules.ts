/**
 * The modules the host shares with every runtime plugin (one instance each, through the import
 * map): `plugin:pack` leaves them out of a plugin's bundle, the console build writes a shim for each.
 */
export const SHARED_MODULES = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'rxjs',
  'tsyringe',
  'wouter',
  '@blueprintjs/core',
  '@console/plugin-sdk',
] as const;
