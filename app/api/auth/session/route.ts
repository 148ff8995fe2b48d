import { route } from "@/lib/api/route";
import { publicUser } from "@/lib/services/users";

export const GET = route({ access: "public", withSession: true }, async ({ session }) => {
  const res = session
    ? Response.json({ authenticated: true, user: publicUser(session.user), roles: session.roles })
    : Response.json({ authenticated: false, user: null, roles: [] });
  res.headers.set("cache-control", "no-store");
  return res;
});
