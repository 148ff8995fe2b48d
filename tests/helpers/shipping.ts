import { DEFAULT_SHIPPING_ZONES, destinationIn, type Destination } from "@/lib/domain/shipping";

/** OSS is off unless a test switches it on, as in a new shop. */
export function destination(country: string, ossEnabled = false): Destination {
  const d = destinationIn(DEFAULT_SHIPPING_ZONES, country, { ossEnabled });
  if (!d) throw new Error(`${country} is in no default zone`);
  return d;
}

/** The demo's home market: 4,90 €, free from 50 €. */
export const GERMANY = destination("DE");
export const AUSTRIA = destination("AT");
export const USA = destination("US");
