import { LinkInvalid } from "@/components/shop/order-status/link-invalid";

// /order-status/{token} with an invalid, expired, revoked or unknown link: HTTP 404 with the explanation.
export default function OrderLinkNotFound() {
  return <LinkInvalid reason="invalid" />;
}
