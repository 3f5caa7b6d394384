/**
 * A phone zoomed to 200% is under 300 px wide: lists and rows that sit side by side at phone
 * width go one above the other here, so names are not broken mid-word.
 */
export const ZOOMED_PHONE = '@media (max-width: 299.95px)';
