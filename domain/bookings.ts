/**
 * A booking's number: read aloud on the phone and typed from an email, so it has no dashes and
 * none of the characters people confuse (0 and O, 1 and I and L, 5 and S, 8 and B, U and V).
 */
export const BOOKING_NUMBER_ALPHABET = "ACDEFGHJKMNPQRTWXY234679";
export const BOOKING_NUMBER_LENGTH = 8;
export const BOOKING_NUMBER_PATTERN = /^[A-Z0-9]{6,12}$/;

/** A new booking number from `random` bytes (one per character). */
export function bookingNumberFrom(random: Uint8Array): string {
  return Array.from(random.slice(0, BOOKING_NUMBER_LENGTH), (byte) => BOOKING_NUMBER_ALPHABET[byte % BOOKING_NUMBER_ALPHABET.length]).join("");
}
