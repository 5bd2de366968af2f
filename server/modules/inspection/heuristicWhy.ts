import { WHY as ANDROID_WHY } from './android/heuristics';
import { SHUTDOWN_WHY } from './shutdownLog';
import type { HeuristicRule } from './types';

/**
 * Why each warning matters, for every platform: inspections stored before a rule said it get the
 * same text when read, so an old iOS warning explains itself as a new one does.
 */
export const HEURISTIC_WHY: Readonly<Record<HeuristicRule, string>> = { ...SHUTDOWN_WHY, ...ANDROID_WHY };
