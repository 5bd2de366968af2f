/**
 * A JSON answer as route tests read it: they walk answers by path and assert the values, so the
 * assertion is the check, not the type (the typed view of each answer is common/api/apiTypes.ts).
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- see above: assertions, not types, check these answers
export type Json = any;
