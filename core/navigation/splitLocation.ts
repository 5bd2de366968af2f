/** Path and query (without `?`) of an in-app target; relative targets resolve against `from`. */
export function splitLocation(to: string, from = '/'): { path: string; search: string } {
  const url = new URL(to, new URL(from, 'http://console.invalid'));
  return { path: url.pathname, search: url.search.replace(/^\?/, '') };
}
