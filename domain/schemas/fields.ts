import { z } from "zod";
import { MESSAGES } from "../messages";
import { isCalendarDate } from "../calendar-days";

/** A NUL character, or half of a UTF-16 surrogate pair without its other half. */
const UNSAFE_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether a string holds what no field of ours may store (NUL, lone surrogates). */
export function isUnsafeText(value: string): boolean {
  return UNSAFE_TEXT.test(value);
}

/**
 * A character a reader can see: not white space, not a format character (zero-width spaces and
 * joiners, the byte order mark, direction marks), not a control, and not one of the blank
 * letters (Hangul fillers, the blank braille pattern) that render as nothing.
 */
const VISIBLE = /[^\s\p{Z}\p{Cf}\p{Cc}\u115F\u1160\u3164\uFFA0\u2800]/u;

/** Whether a text shows anything: "\u200B\u200B" is as empty as "". */
export function hasVisibleText(value: string): boolean {
  return VISIBLE.test(value);
}

/**
 * The one string schema every text field, query value and path segment starts from: the
 * database cannot store NUL, and a lone surrogate is no character at all, so both are a
 * field error (422) instead of reaching PostgreSQL.
 */
export function text(params?: Parameters<typeof z.string>[0]) {
  return z.string(params).refine((value) => !isUnsafeText(value), MESSAGES.unsafeText);
}

/** A required text field: trimmed, not empty, at most `max` characters. */
export function requiredText(max: number, requiredMessage: string) {
  return text({ error: requiredMessage })
    .trim()
    .min(1, { message: requiredMessage, abort: true })
    .refine(hasVisibleText, { message: requiredMessage, abort: true })
    .max(max, MESSAGES.tooLong(max));
}

/** An optional text field: absent, null or empty all mean "none". */
export function optionalText(max: number) {
  return text({ error: "Must be text" })
    .trim()
    .max(max, MESSAGES.tooLong(max))
    .nullish()
    .transform((value) => (value ? value : null));
}

/** The largest value of the database's integer id columns. */
export const MAX_ID = 2_147_483_647;

/** Positive integer ids, as the client sends them for tags, packages and testimonials. */
export const idSchema = z
  .number({ error: "Must be an id" })
  .int("Must be an id")
  .positive("Must be an id")
  .max(MAX_ID, "Must be an id");

/** Url-safe slugs of acts, events and users. */
export const urlSlugSchema = text({ error: "Must be a url" })
  .trim()
  .min(1, "Must be a url")
  .max(255, MESSAGES.tooLong(255))
  .regex(/^[A-Za-z0-9_-]+$/, "Must be a url");

/**
 * An id in a path: a whole number in the id columns' range (anything else names nothing).
 * A function, so that each caller gets its own instance (the API adds OpenAPI metadata).
 */
export const pathIdSchema = () =>
  z.string().regex(DECIMAL_ID).transform(Number).pipe(z.number().int().min(1).max(MAX_ID));

/** Decimal digits without a leading zero: `0x1`, `1e3`, `01` and ` 1` would otherwise each coerce to some id. */
const DECIMAL_ID = /^[1-9][0-9]*$/;

/** An id written in a path as pages read it (no schema at hand), or null when it names no row. */
export function decimalId(value: string | undefined): number | null {
  if (value === undefined || !DECIMAL_ID.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}

/**
 * A line break or other control character: what a field shown as one line (a name, a title) may
 * not hold. NUL is left to `text()`, whose message says it already.
 */
const CONTROL = /[\u0001-\u001F\u007F-\u009F]/u;

/** A required field shown as one line (a name, a title, a place): requiredText without line breaks. */
export function requiredLine(max: number, requiredMessage: string) {
  return requiredText(max, requiredMessage).refine((value) => !CONTROL.test(value), MESSAGES.nameControlCharacters);
}

/** An optional field shown as one line: optionalText without line breaks. */
export function optionalLine(max: number) {
  return optionalText(max).refine((value) => value === null || !CONTROL.test(value), MESSAGES.nameControlCharacters);
}

/** A phone number as people write it: 7 to 15 digits, with spaces, dots, dashes, brackets and a leading +. */
export const PHONE_PATTERN = /^\+?[\d\s().-]{7,24}$/;
export function isPhone(value: string): boolean {
  const digits = value.match(/\d/g)?.length ?? 0;
  return PHONE_PATTERN.test(value) && digits >= 7 && digits <= 15;
}

/** A phone someone may leave out: "" or null says none. */
export const optionalPhone = () =>
  text({ error: MESSAGES.invalidPhone })
    .trim()
    .refine((value) => value === "" || isPhone(value), MESSAGES.invalidPhone)
    .nullable()
    .optional();

/** A slug in a path (an act, event or user url), or any other path segment we look up. */
export const pathSegmentSchema = () => text().max(500);

/** A day written YYYY-MM-DD, as search, availability and blocks take it. */
export const calendarDate = () =>
  z.string({ error: MESSAGES.calendarDate }).refine(isCalendarDate, MESSAGES.calendarDate);
