/**
 * The closed sets of an inspection (gluon_inspections.status and .origin), named once: the
 * services type their rows with them and the API's schemas list them, so the console's generated
 * types know every value.
 */

/** The column's CHECK: queued → running → done | failed. */
export const INSPECTION_STATUSES = ['queued', 'running', 'done', 'failed'] as const;
export type InspectionStatus = (typeof INSPECTION_STATUSES)[number];

/**
 * An upload on the console, a file from a collector's connector, a rescan asked for on a device's
 * page (its Rescan), or `rematch`: every device's stored observations matched again because the
 * rule sets (or suppressions) changed, which nobody asked of that device. Only the first two
 * inspect a file; the last two are "matched again", counted and labelled apart.
 */
export const INSPECTION_ORIGINS = ['upload', 'collector', 'rescan', 'rematch'] as const;
export type InspectionOrigin = (typeof INSPECTION_ORIGINS)[number];

/** The origins of an upload (a file received); rescans and rematches read no file. */
export const UPLOAD_ORIGINS = ['upload', 'collector'] as const satisfies readonly InspectionOrigin[];
export type UploadOrigin = (typeof UPLOAD_ORIGINS)[number];
