// What other modules may import from scim (scripts/check-boundaries.mjs): nothing yet.
export {};
