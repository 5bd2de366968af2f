// esbuild bundles stylesheets and images; the type checker only needs to know they exist.
declare module '*.css';
declare module '*.svg' {
  const url: string;
  export default url;
}
declare module '*.png' {
  const url: string;
  export default url;
}
