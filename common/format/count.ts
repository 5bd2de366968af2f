/**
 * A count in words: `count(1, 'finding')` is "1 finding", `count(2, 'finding')` "2 findings";
 * `plural` names an irregular plural (`count(2, 'device', 'devices')`). Both sides use it, so
 * the server's texts (incident timelines, rule-set reports) read as the console's do.
 */
export function count(n: number, singular: string, plural = `${singular}s`): string {
  return `${n} ${n === 1 ? singular : plural}`;
}
