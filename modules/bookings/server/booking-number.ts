import { randomBytes } from "node:crypto";
import { BOOKING_NUMBER_LENGTH, bookingNumberFrom } from "../bookings";

/** A new booking number, from the system's random source (24^8 of them: a clash is retried by the insert). */
export function newBookingNumber(): string {
  return bookingNumberFrom(randomBytes(BOOKING_NUMBER_LENGTH));
}
