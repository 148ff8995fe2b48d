import { z } from "zod";
import { AUDIT_ACTIONS } from "@/lib/domain/audit-vocabulary";
import { calendarDay } from "./admin-orders";
import { listSearch, pageQuery, pageResponse } from "./common";

export const adminAuditQuery = z
  .object({
    action: z.enum(AUDIT_ACTIONS).optional(),
    q: listSearch,
    from: calendarDay,
    to: calendarDay,
    ...pageQuery(100, 50),
  })
  .refine((v) => !v.from || !v.to || v.from <= v.to, { error: "validation.dateRangeInvalid", path: ["to"] });

export const adminAuditDto = z.object({
  id: z.number().int(),
  at: z.string(),
  actorUserId: z.number().int().nullable(),
  actorEmail: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  network: z.string().nullable(),
  device: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});

export const adminAuditPage = pageResponse(adminAuditDto);

export type AdminAuditQuery = z.infer<typeof adminAuditQuery>;
export type AdminAuditDto = z.infer<typeof adminAuditDto>;
export type AdminAuditPage = z.infer<typeof adminAuditPage>;
