/** Example pictures for the demo catalogue, drawn as SVG in code so the seed needs no image files. */
import sharp from "sharp";

export type PromptArt = "pop-art" | "pencil" | "watercolour" | "duotone" | "comic" | "vintage" | "neon";

export interface RenderedImage {
  buffer: Buffer;
  width: number;
  height: number;
  mimeType: "image/webp";
}

const SIZE = 512;

interface Look {
  background: string;
  sun: string;
  hillBack: string;
  hillFront: string;
  skin: string;
  line: string;
  lineWidth: number;
  fillOpacity: number;
  /** Extra SVG: <defs>, patterns, decorations; drawn under (`under`) or over (`over`) the scene. */
  defs?: string;
  under?: string;
  over?: string;
  /** Applied to the whole scene group, e.g. a blur for watercolour or a glow for neon. */
  filter?: string;
  label: { text: string; color: string; background: string; font: string };
}

function escapeXml(text: string): string {
  return text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const SANS = "DejaVu Sans, Arial, sans-serif";
const SERIF = "DejaVu Serif, Georgia, serif";

const LOOKS: Record<PromptArt, Look> = {
  "pop-art": {
    background: "#FFD600",
    sun: "#00B0FF",
    hillBack: "#FF4081",
    hillFront: "#E53935",
    skin: "#FF80AB",
    line: "#000000",
    lineWidth: 8,
    fillOpacity: 1,
    defs: `<pattern id="dots" width="18" height="18" patternUnits="userSpaceOnUse"><circle cx="9" cy="9" r="4" fill="#E53935" fill-opacity="0.45"/></pattern>`,
    under: `<rect width="${SIZE}" height="${SIZE}" fill="url(#dots)"/>`,
    label: { text: "POP ART", color: "#FFFFFF", background: "#000000", font: SANS },
  },
  pencil: {
    background: "#FAF8F2",
    sun: "#FAF8F2",
    hillBack: "url(#hatch)",
    hillFront: "#FAF8F2",
    skin: "#FAF8F2",
    line: "#4A4A4A",
    lineWidth: 3,
    fillOpacity: 1,
    defs: `<pattern id="hatch" width="10" height="10" patternUnits="userSpaceOnUse" patternTransform="rotate(45)"><line x1="0" y1="0" x2="0" y2="10" stroke="#9E9E9E" stroke-width="2"/></pattern>`,
    label: { text: "Pencil Sketch", color: "#333333", background: "#ECE8DC", font: SERIF },
  },
  watercolour: {
    background: "#FDFBF5",
    sun: "#FFB74D",
    hillBack: "#81D4FA",
    hillFront: "#A5D6A7",
    skin: "#F8BBD0",
    line: "#5C6BC0",
    lineWidth: 2,
    fillOpacity: 0.7,
    defs: `<filter id="soft"><feGaussianBlur stdDeviation="2.5"/></filter>`,
    filter: "url(#soft)",
    label: { text: "Watercolour", color: "#37474F", background: "#E1F5FE", font: SERIF },
  },
  duotone: {
    background: "#1A237E",
    sun: "#FF6F91",
    hillBack: "#5C3A8C",
    hillFront: "#FF6F91",
    skin: "#FF9EB5",
    line: "#1A237E",
    lineWidth: 4,
    fillOpacity: 1,
    label: { text: "Duotone", color: "#FF6F91", background: "#0D1245", font: SANS },
  },
  comic: {
    background: "#4FC3F7",
    sun: "#FFEB3B",
    hillBack: "#66BB6A",
    hillFront: "#2E7D32",
    skin: "#FFCC80",
    line: "#000000",
    lineWidth: 6,
    fillOpacity: 1,
    under: Array.from({ length: 16 }, (_, i) => {
      const a = (i * Math.PI) / 8;
      return `<line x1="256" y1="230" x2="${256 + Math.cos(a) * 400}" y2="${230 + Math.sin(a) * 400}" stroke="#FFFFFF" stroke-opacity="0.5" stroke-width="10"/>`;
    }).join(""),
    over: `<path d="M300 40 h180 a20 20 0 0 1 20 20 v60 a20 20 0 0 1 -20 20 h-110 l-30 30 v-30 h-40 a20 20 0 0 1 -20 -20 v-60 a20 20 0 0 1 20 -20z" fill="#FFFFFF" stroke="#000000" stroke-width="5"/><text x="390" y="105" font-family="${SANS}" font-size="40" font-weight="bold" text-anchor="middle" fill="#D50000">WOW!</text>`,
    label: { text: "COMIC", color: "#FFEB3B", background: "#D50000", font: SANS },
  },
  vintage: {
    background: "#F3E0B5",
    sun: "#E76F51",
    hillBack: "#2A9D8F",
    hillFront: "#264653",
    skin: "#F4A261",
    line: "#264653",
    lineWidth: 4,
    fillOpacity: 1,
    under: Array.from({ length: 12 }, (_, i) => {
      const a = (i * Math.PI) / 6;
      const b = a + Math.PI / 24;
      const p = (angle: number) => `${120 + Math.cos(angle) * 500} ${150 + Math.sin(angle) * 500}`;
      return `<path d="M120 150 L${p(a)} L${p(b)} Z" fill="#E9C46A" fill-opacity="0.6"/>`;
    }).join(""),
    label: { text: "VINTAGE POSTER", color: "#F3E0B5", background: "#264653", font: SERIF },
  },
  neon: {
    background: "#0D0221",
    sun: "none",
    hillBack: "none",
    hillFront: "none",
    skin: "none",
    line: "#FF00E4",
    lineWidth: 5,
    fillOpacity: 1,
    defs: `<filter id="glow"><feGaussianBlur stdDeviation="4" result="b"/><feMerge><feMergeNode in="b"/><feMergeNode in="SourceGraphic"/></feMerge></filter>`,
    filter: "url(#glow)",
    over: `<circle cx="120" cy="150" r="60" fill="none" stroke="#00F0FF" stroke-width="5" filter="url(#glow)"/>`,
    label: { text: "Neon Glow", color: "#00F0FF", background: "#1A0536", font: SANS },
  },
};

function promptSvg(look: Look): string {
  const stroke = `stroke="${look.line}" stroke-width="${look.lineWidth}" stroke-linejoin="round" fill-opacity="${look.fillOpacity}"`;
  const scene = [
    `<circle cx="120" cy="150" r="60" fill="${look.sun}" ${stroke}/>`,
    `<path d="M-10 400 L130 250 L250 340 L380 210 L530 380 L530 530 L-10 530 Z" fill="${look.hillBack}" ${stroke}/>`,
    `<path d="M-10 440 Q140 360 280 420 T530 410 L530 530 L-10 530 Z" fill="${look.hillFront}" ${stroke}/>`,
    // A simple face: head, eyes and a smile.
    `<circle cx="330" cy="300" r="85" fill="${look.skin}" ${stroke}/>`,
    `<circle cx="300" cy="285" r="9" fill="${look.line}"/><circle cx="360" cy="285" r="9" fill="${look.line}"/>`,
    `<path d="M290 325 Q330 365 370 325" fill="none" ${stroke}/>`,
  ].join("");
  const { label } = look;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<defs>${look.defs ?? ""}</defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="${look.background}"/>`,
    look.under ?? "",
    `<g${look.filter ? ` filter="${look.filter}"` : ""}>${scene}</g>`,
    look.over ?? "",
    `<rect x="0" y="448" width="${SIZE}" height="64" fill="${label.background}"/>`,
    `<text x="256" y="492" font-family="${label.font}" font-size="34" font-weight="bold" text-anchor="middle" fill="${label.color}">${escapeXml(label.text)}</text>`,
    `</svg>`,
  ].join("");
}

function mugSvg(insideColor: string, outsideColor: string, name: string): string {
  const outline = `stroke="#4A4A4A" stroke-width="4" stroke-linejoin="round"`;
  const handle = "M336 200 C420 200 430 330 336 350";
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${SIZE}" height="${SIZE}" viewBox="0 0 ${SIZE} ${SIZE}">`,
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#F5F5F5"/><stop offset="1" stop-color="#D6D6D6"/></linearGradient>`,
    `<linearGradient id="shade" x1="0" y1="0" x2="1" y2="0"><stop offset="0" stop-color="#000000" stop-opacity="0.18"/><stop offset="0.35" stop-color="#FFFFFF" stop-opacity="0.2"/><stop offset="1" stop-color="#000000" stop-opacity="0.25"/></linearGradient></defs>`,
    `<rect width="${SIZE}" height="${SIZE}" fill="url(#bg)"/>`,
    `<ellipse cx="236" cy="424" rx="130" ry="18" fill="#000000" fill-opacity="0.15"/>`,
    // Handle: a dark outline stroke under a stroke in the outside colour.
    `<path d="${handle}" fill="none" stroke="#4A4A4A" stroke-width="38" stroke-linecap="round"/>`,
    `<path d="${handle}" fill="none" stroke="${outsideColor}" stroke-width="30" stroke-linecap="round"/>`,
    // Body with a rounded bottom, then shading, then the rim showing the inside colour.
    `<path d="M136 140 L136 390 Q136 420 166 420 L306 420 Q336 420 336 390 L336 140 Z" fill="${outsideColor}" ${outline}/>`,
    `<path d="M138 140 L138 390 Q138 418 166 418 L306 418 Q334 418 334 390 L334 140 Z" fill="url(#shade)"/>`,
    `<ellipse cx="236" cy="140" rx="100" ry="26" fill="${outsideColor}" ${outline}/>`,
    `<ellipse cx="236" cy="142" rx="88" ry="20" fill="${insideColor}" stroke="#4A4A4A" stroke-width="2"/>`,
    `<text x="256" y="490" font-family="${SANS}" font-size="32" font-weight="bold" text-anchor="middle" fill="#333333">${escapeXml(name)}</text>`,
    `</svg>`,
  ].join("");
}

async function toWebp(svg: string): Promise<RenderedImage> {
  const { data, info } = await sharp(Buffer.from(svg)).webp({ quality: 80, effort: 2 }).toBuffer({ resolveWithObject: true });
  return { buffer: data, width: info.width, height: info.height, mimeType: "image/webp" };
}

export function renderPromptExample(art: PromptArt): Promise<RenderedImage> {
  return toWebp(promptSvg(LOOKS[art]));
}

export function renderMugVariantExample(insideColor: string, outsideColor: string, name: string): Promise<RenderedImage> {
  return toWebp(mugSvg(insideColor, outsideColor, name));
}
