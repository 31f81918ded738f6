/**
 * Lengths of time in milliseconds: the one home of these constants for the server and the web
 * app (periods, windows, throttles, job intervals).
 */
export const SECOND_MS = 1_000;
export const MINUTE_MS = 60 * SECOND_MS;
export const HOUR_MS = 60 * MINUTE_MS;
export const DAY_MS = 24 * HOUR_MS;
