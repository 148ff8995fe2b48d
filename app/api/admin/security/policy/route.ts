import { auditContext } from "@/lib/api/audit-client";
import { route } from "@/lib/api/route";
import { securityPolicyBody } from "@/lib/schemas/two-factor";
import { getSecurityPolicy, setSecurityPolicy } from "@/lib/services/two-factor";

export const GET = route({ access: "admin" }, async () => getSecurityPolicy());

export const PUT = route({ access: "admin", body: securityPolicyBody }, async ({ body, session, req }) =>
  setSecurityPolicy(body, auditContext(session, req)),
);
