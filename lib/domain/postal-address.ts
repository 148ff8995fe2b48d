/** The postal fields of an address as an order keeps it: no ids, no kind, no saved-address flags. */
export interface PostalAddress {
  firstName: string;
  lastName: string;
  street1: string;
  street2: string | null;
  city: string;
  postalCode: string;
  countryCode: string;
}

/** Copies only the postal fields, so a row or a request body passes none of its other columns on. */
export function postalAddress(a: PostalAddress): PostalAddress {
  return {
    firstName: a.firstName,
    lastName: a.lastName,
    street1: a.street1,
    street2: a.street2,
    city: a.city,
    postalCode: a.postalCode,
    countryCode: a.countryCode,
  };
}
