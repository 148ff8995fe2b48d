export {
  ORDER_EVENT_ACTORS,
  ORDER_EVENT_TYPES,
  ORDER_STATUSES,
  PAYMENT_STATUSES,
  TAX_TREATMENT_KINDS,
  type TaxTreatmentKind,
  type OrderEventActor,
  type OrderEventType,
  type OrderStatus,
} from "@/db/order-vocabulary";
