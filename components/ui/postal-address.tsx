export interface PostalAddressValue {
  firstName: string;
  lastName: string;
  street1: string;
  street2: string | null;
  postalCode: string;
  city: string;
  countryCode: string;
}

export function countryName(code: string, locale: string): string {
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(code) ?? code;
  } catch {
    return code;
  }
}

export function PostalAddress({
  address,
  locale,
  className = "not-italic",
}: {
  address: PostalAddressValue;
  locale: string;
  className?: string;
}) {
  return (
    <address className={className}>
      {address.firstName} {address.lastName}
      <br />
      {address.street1}
      {address.street2 && (
        <>
          <br />
          {address.street2}
        </>
      )}
      <br />
      {address.postalCode} {address.city}
      <br />
      {countryName(address.countryCode, locale)}
    </address>
  );
}
