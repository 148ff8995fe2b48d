import { DEFAULT_SHIPPING_ZONES, destinationIn, type Destination } from "@/lib/domain/shipping";

function destination(country: string): Destination {
  const d = destinationIn(DEFAULT_SHIPPING_ZONES, country);
  if (!d) throw new Error(`${country} is in no default zone`);
  return d;
}

/** The demo's home market: 4,90 €, free from 50 €. */
export const GERMANY = destination("DE");
export const AUSTRIA = destination("AT");
export const USA = destination("US");
