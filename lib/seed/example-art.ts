/** Made in code: no image files in the repository and no words in any picture. */
import sharp from "sharp";
import type { PromptArt } from "@/db/seed-data";
import { stylePhotoInThread } from "@/lib/integrations/ai/offline/style-photo";

export interface RenderedImage {
  buffer: Buffer;
  width: number;
  height: number;
  mimeType: "image/webp";
}

const SIZE = 512;

export function samplePhotoSvg(): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<defs>`,
    `<linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#5B8FD6"/><stop offset="0.7" stop-color="#BFD9F2"/><stop offset="1" stop-color="#F4E3C1"/></linearGradient>`,
    `<radialGradient id="sun" cx="0.5" cy="0.5" r="0.5"><stop offset="0" stop-color="#FFF6D5"/><stop offset="1" stop-color="#FFD27A" stop-opacity="0"/></radialGradient>`,
    `<linearGradient id="hill" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#6E9B4E"/><stop offset="1" stop-color="#2F5A2A"/></linearGradient>`,
    `<radialGradient id="skin" cx="0.42" cy="0.38" r="0.65"><stop offset="0" stop-color="#F6D2B8"/><stop offset="0.7" stop-color="#D9A27F"/><stop offset="1" stop-color="#A96E4F"/></radialGradient>`,
    `<linearGradient id="hair" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#5A3A22"/><stop offset="1" stop-color="#24140A"/></linearGradient>`,
    `<linearGradient id="shirt" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#B23A48"/><stop offset="0.5" stop-color="#D9515F"/><stop offset="1" stop-color="#8E2A36"/></linearGradient>`,
    `<filter id="soft"><feGaussianBlur stdDeviation="1.2"/></filter>`,
    `</defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#sky)"/>`,
    `<circle cx="400" cy="110" r="90" fill="url(#sun)"/>`,
    `<path d="M0 330 Q120 270 250 320 T512 300 L512 512 L0 512 Z" fill="url(#hill)"/>`,
    `<g filter="url(#soft)">`,
    `<path d="M120 512 Q130 400 256 390 Q382 400 392 512 Z" fill="url(#shirt)"/>`,
    `<rect x="226" y="330" width="60" height="70" rx="20" fill="#C98E6C"/>`,
    `<ellipse cx="256" cy="250" rx="92" ry="112" fill="url(#skin)"/>`,
    `<path d="M160 240 Q150 130 256 125 Q365 128 352 245 Q340 175 256 170 Q180 172 160 240 Z" fill="url(#hair)"/>`,
    `<ellipse cx="222" cy="248" rx="13" ry="8" fill="#FFFFFF"/><circle cx="222" cy="248" r="6" fill="#3B2A1E"/>`,
    `<ellipse cx="292" cy="248" rx="13" ry="8" fill="#FFFFFF"/><circle cx="292" cy="248" r="6" fill="#3B2A1E"/>`,
    `<path d="M205 230 Q222 220 240 228" stroke="#3B2A1E" stroke-width="5" fill="none"/>`,
    `<path d="M274 228 Q292 220 309 230" stroke="#3B2A1E" stroke-width="5" fill="none"/>`,
    `<path d="M256 255 Q248 290 258 298" stroke="#B97A5A" stroke-width="4" fill="none"/>`,
    `<path d="M222 315 Q256 342 292 315" stroke="#9C3D3D" stroke-width="7" fill="none" stroke-linecap="round"/>`,
    `</g>`,
    `</svg>`,
  ].join("");
}

let samplePhoto: Promise<Buffer> | null = null;
const photo = () => (samplePhoto ??= sharp(Buffer.from(samplePhotoSvg())).jpeg({ quality: 90 }).toBuffer());

export async function renderPromptExample(styleText: string, style: PromptArt): Promise<RenderedImage> {
  const styled = await stylePhotoInThread({ data: await photo(), mimeType: "image/jpeg" }, styleText, { style, longSide: SIZE });
  const { data, info } = await sharp(styled.data).webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height, mimeType: "image/webp" };
}

export function mugSvg(insideColor: string, outsideColor: string): string {
  const outline = `stroke="#4A4A4A" stroke-width="4" stroke-linejoin="round"`;
  const handle = "M336 200 C420 200 430 330 336 350";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#F5F5F5"/><stop offset="1" stop-color="#D6D6D6"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.18"/><stop offset="0.35" stop-color="#FFFFFF" stop-opacity="0.2"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/></linearGradient></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    `<ellipse cx="236" cy="444" rx="130" ry="18" fill="#000000" fill-opacity="0.15"/>`,
    `<path d="${handle}" fill="none" stroke="#4A4A4A" stroke-width="38" stroke-linecap="round"/>`,
    `<path d="${handle}" fill="none" stroke="${outsideColor}" stroke-width="30" stroke-linecap="round"/>`,
    `<path d="M136 140 L136 410 Q136 440 166 440 L306 440 Q336 440 336 410 L336 140 Z" fill="${outsideColor}" ${outline}/>`,
    `<path d="M138 140 L138 410 Q138 438 166 438 L306 438 Q334 438 334 410 L334 140 Z" fill="url(#shade)"/>`,
    `<ellipse cx="236" cy="140" rx="100" ry="26" fill="${outsideColor}" ${outline}/>`,
    `<ellipse cx="236" cy="142" rx="88" ry="20" fill="${insideColor}" stroke="#4A4A4A" stroke-width="2"/>`,
    `</svg>`,
  ].join("");
}

export async function renderMugVariantExample(insideColor: string, outsideColor: string): Promise<RenderedImage> {
  const { data, info } = await sharp(Buffer.from(mugSvg(insideColor, outsideColor)))
    .webp({ quality: 80, effort: 2 })
    .toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height, mimeType: "image/webp" };
}
