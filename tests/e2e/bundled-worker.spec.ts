import fs from "node:fs";
import path from "node:path";
import { Worker } from "node:worker_threads";
import sharp from "sharp";
import { expect, test } from "./fixtures";

// A build that lost the worker would quietly run every generation on the event loop.

const CHUNKS = path.join(process.cwd(), ".next", "server", "chunks");

test("the built offline-style worker answers a job with a print-size JPEG, and a broken photo with the generation error", async () => {
  const files = fs
    .readdirSync(CHUNKS)
    .filter((f) => f.startsWith("[worker thread]-lib_integrations_ai_offline_worker_ts") && f.endsWith(".js"));
  expect(files, "one worker bundle in .next/server/chunks").toHaveLength(1);
  const worker = new Worker(path.join(CHUNKS, files[0] ?? ""), { execArgv: [] });
  try {
    type Answer = {
      id: number;
      result?: { data: Uint8Array; mimeType: string; style: string; width: number; height: number };
      error?: { kind: string; message: string };
    };
    const answers = new Map<number, Answer>();
    const done = new Promise<void>((resolve, reject) => {
      worker.on("error", reject);
      worker.on("message", (msg: Answer) => {
        answers.set(msg.id, msg);
        if (answers.size === 2) resolve();
      });
    });
    const image = await sharp({
      create: { width: 300, height: 200, channels: 3, background: "#3377cc", noise: { type: "gaussian", mean: 120, sigma: 30 } },
    })
      .jpeg()
      .toBuffer();
    worker.postMessage({ id: 1, job: { image, mimeType: "image/jpeg", prompt: "pop art", style: "pop-art" } });
    worker.postMessage({ id: 2, job: { image: Buffer.from("not a picture"), mimeType: "image/jpeg", prompt: "pop art" } });
    await done;
    const ok = answers.get(1)?.result;
    expect({ mimeType: ok?.mimeType, style: ok?.style, width: ok?.width, height: ok?.height }).toEqual({
      mimeType: "image/jpeg",
      style: "pop-art",
      width: 2400,
      height: 1600,
    });
    expect((await sharp(Buffer.from(ok?.data ?? [])).metadata()).format).toBe("jpeg");
    expect(answers.get(2)?.error).toEqual({ kind: "failed", message: "offline provider: the photo cannot be decoded" });
  } finally {
    await worker.terminate();
  }
});

test("the built mockup worker answers a job with three JPEG views, and a broken design with its error", async () => {
  const files = fs
    .readdirSync(CHUNKS)
    .filter((f) => f.startsWith("[worker thread]-lib_integrations_images_mockup_worker_ts") && f.endsWith(".js"));
  expect(files.length, "a mockup worker bundle in .next/server/chunks").toBeGreaterThan(0);
  const mug = { diameterMm: 82, heightMm: 95, printTemplateWidthMm: 200, printTemplateHeightMm: 80, documentBottomMarginMm: 5 };
  for (const file of files) {
    const worker = new Worker(path.join(CHUNKS, file), { execArgv: [] });
    try {
      type Answer = { id: number; result?: Record<"front" | "left" | "right", Uint8Array>; error?: string };
      const answers = new Map<number, Answer>();
      const done = new Promise<void>((resolve, reject) => {
        worker.on("error", reject);
        worker.on("message", (msg: Answer) => {
          answers.set(msg.id, msg);
          if (answers.size === 2) resolve();
        });
      });
      const design = await sharp({ create: { width: 500, height: 200, channels: 3, background: "#3377cc" } })
        .png()
        .toBuffer();
      worker.postMessage({ id: 1, job: { design, mug, outsideColor: "#ffffff", insideColor: "#c62828" } });
      worker.postMessage({ id: 2, job: { design: Buffer.from("not a picture"), mug, outsideColor: "#ffffff", insideColor: "#ffffff" } });
      await done;
      const views = answers.get(1)?.result;
      for (const view of ["front", "left", "right"] as const) {
        const meta = await sharp(Buffer.from(views?.[view] ?? [])).metadata();
        expect({ view, format: meta.format, width: meta.width }).toEqual({ view, format: "jpeg", width: 600 });
      }
      expect(answers.get(2)?.error).toMatch(/unsupported image format/);
    } finally {
      await worker.terminate();
    }
  }
});
