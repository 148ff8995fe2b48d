import "server-only";
import { z } from "zod";
import { ApiError, zodFieldErrors } from "@/lib/errors";
import { mediaType, readBodyLimited } from "./body";

const ENVELOPE_BYTES = 64 * 1024;

/** An oversized body is cut off (413) as soon as it passes the limit; a malformed body is a 4xx, never a 500. */
export async function readForm(req: Request, maxFileBytes: number): Promise<FormData> {
  const type = req.headers.get("content-type") ?? "";
  if (mediaType(type) !== "multipart/form-data") throw new ApiError(415, "errors.multipartRequired");
  const tooLarge = () => new ApiError(413, "errors.imageTooLarge", undefined, { maxMb: Math.round(maxFileBytes / (1024 * 1024)) });
  const bytes = await readBodyLimited(req, maxFileBytes + ENVELOPE_BYTES, tooLarge);
  try {
    return await new Response(bytes, { headers: { "content-type": type } }).formData();
  } catch {
    throw new ApiError(400, "errors.invalidForm");
  }
}

export async function formFile(form: FormData, field: string): Promise<Buffer> {
  const value = form.get(field);
  if (!value || typeof value === "string" || value.size === 0) {
    throw new ApiError(422, "errors.validationFailed", { [field]: "validation.imageRequired" });
  }
  return Buffer.from(await value.arrayBuffer());
}

export function formFields<S extends z.ZodType>(form: FormData, schema: S): z.output<S> {
  const fields: Record<string, string> = {};
  for (const [key, value] of form.entries()) if (typeof value === "string") fields[key] = value;
  const parsed = schema.safeParse(fields, { reportInput: true });
  if (!parsed.success) throw new ApiError(422, "errors.validationFailed", zodFieldErrors(parsed.error));
  return parsed.data;
}
