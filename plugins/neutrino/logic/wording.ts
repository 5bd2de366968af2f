import { count } from '@common/format/count';

/** "once", "5 times": how often a value was recorded, in words a reader does not have to decode. */
export function timesSeen(n: number): string {
  return n === 1 ? 'once' : `${n} times`;
}

/**
 * "1 observation, seen once", "3 observations, seen 5 times": a hunt's two counts in one phrase.
 * Observations are stored rows (one per inspection, file and value); occurrences are how often the
 * value appeared in them, so "(5 times)" after a count of rows read as a contradiction.
 */
export function sightingsPhrase(observations: number, occurrences: number): string {
  return `${count(observations, 'observation')}, seen ${timesSeen(occurrences)}`;
}
