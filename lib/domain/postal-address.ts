export interface PostalAddress {
  firstName: string;
  lastName: string;
  street1: string;
  street2: string | null;
  city: string;
  postalCode: string;
  countryCode: string;
}

/** So a row or a request body passes none of its other columns on. */
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
