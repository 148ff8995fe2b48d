import { route } from "@/lib/api/route";
import { notFound } from "@/lib/errors";

// Next prefers every named route over this catch-all, so only paths nothing else claims land here.
const unknownPath = route({ access: "public" }, async () => {
  throw notFound();
});

export { unknownPath as GET, unknownPath as POST, unknownPath as PUT, unknownPath as PATCH, unknownPath as DELETE };
