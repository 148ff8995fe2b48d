import { LinkInvalid } from "@/components/shop/order-status/link-invalid";

export default function OrderLinkNotFound() {
  return <LinkInvalid reason="invalid" />;
}
