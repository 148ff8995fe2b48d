"use client";

import { useId } from "react";
import { mugGeometry, type MugDimensions } from "./mug-geometry";

const COLOR = /^#[0-9a-f]{3,8}$/i;
const safeColor = (value: string, fallback: string) => (COLOR.test(value) ? value : fallback);

/**
 * The chosen image on a mug drawn with the mug's real proportions: outside colour as the body, inside
 * colour in the opening, a handle, and the print wrapped around the visible front as vertical slices.
 */
export function MugPreview(props: { mug: MugDimensions; imageUrl: string; outsideColor: string; insideColor: string; label: string }) {
  const uid = useId().replace(/[^a-zA-Z0-9]/g, "");
  const g = mugGeometry(props.mug);
  const outside = safeColor(props.outsideColor, "#ffffff");
  const inside = safeColor(props.insideColor, "#ffffff");
  const edge = "#78716c";
  const left = g.cx - g.r;
  const right = g.cx + g.r;
  const body = `M ${left} ${g.top} L ${left} ${g.bottom} A ${g.r} ${g.ry} 0 0 0 ${right} ${g.bottom} L ${right} ${g.top} A ${g.r} ${g.ry} 0 0 0 ${left} ${g.top} Z`;
  const h = g.handle;
  const handle = `M ${right - 6} ${h.yTop} C ${h.outer} ${h.yTop - 6}, ${h.outer} ${h.yBottom + 6}, ${right - 6} ${h.yBottom}`;

  return (
    <svg
      viewBox={`0 0 ${g.width.toFixed(2)} ${g.height.toFixed(2)}`}
      role="img"
      aria-label={props.label}
      className="h-auto w-full max-w-md"
      data-testid="mug-preview"
      data-outside-color={outside}
      data-inside-color={inside}
    >
      <defs>
        <clipPath id={`${uid}-body`}>
          <path d={body} />
        </clipPath>
        {g.slices.map((s, i) => (
          <clipPath key={i} id={`${uid}-slice-${i}`}>
            {/* A little overlap hides hairline gaps between neighbouring slices. */}
            <polygon
              points={`${s.x0 - 0.4},${g.printTop + s.dy0} ${s.x1 + 0.4},${g.printTop + s.dy1} ${s.x1 + 0.4},${g.printTop + g.printHeight + s.dy1} ${s.x0 - 0.4},${g.printTop + g.printHeight + s.dy0}`}
            />
          </clipPath>
        ))}
        <linearGradient id={`${uid}-shade`} x1="0" x2="1" y1="0" y2="0">
          <stop offset="0" stopColor="#000" stopOpacity="0.38" />
          <stop offset="0.2" stopColor="#000" stopOpacity="0.08" />
          <stop offset="0.36" stopColor="#fff" stopOpacity="0.28" />
          <stop offset="0.55" stopColor="#fff" stopOpacity="0" />
          <stop offset="0.85" stopColor="#000" stopOpacity="0.14" />
          <stop offset="1" stopColor="#000" stopOpacity="0.38" />
        </linearGradient>
        <linearGradient id={`${uid}-opening`} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#000" stopOpacity="0.35" />
          <stop offset="1" stopColor="#000" stopOpacity="0.02" />
        </linearGradient>
      </defs>

      <ellipse cx={g.cx} cy={g.bottom + 4} rx={g.r * 1.05} ry={g.ry * 0.9} fill="#000" opacity="0.12" />
      <path d={handle} fill="none" stroke={edge} strokeWidth={h.thickness + 3} strokeLinecap="round" />
      <path d={handle} fill="none" stroke={outside} strokeWidth={h.thickness} strokeLinecap="round" data-testid="mug-handle" />

      <path d={body} fill={outside} data-testid="mug-body" />
      <g clipPath={`url(#${uid}-body)`} data-testid="mug-print" data-image-url={props.imageUrl}>
        {g.slices.map((s, i) => (
          <g key={i} clipPath={`url(#${uid}-slice-${i})`}>
            <image
              href={props.imageUrl}
              x={0}
              y={g.printTop + (s.dy0 + s.dy1) / 2}
              width={g.templateWidth}
              height={g.printHeight}
              preserveAspectRatio="xMidYMid slice"
              transform={`translate(${s.x0} 0) scale(${s.scaleX} 1) translate(${-s.templateX0} 0)`}
            />
          </g>
        ))}
        <rect x={left} y={0} width={g.r * 2} height={g.height} fill={`url(#${uid}-shade)`} />
      </g>
      <path d={body} fill="none" stroke={edge} strokeWidth="1.5" />

      <ellipse cx={g.cx} cy={g.top} rx={g.r} ry={g.ry} fill={outside} stroke={edge} strokeWidth="1.5" />
      <ellipse cx={g.cx} cy={g.top + 1} rx={g.r - 5} ry={g.ry - 3.5} fill={inside} data-testid="mug-inside" />
      <ellipse cx={g.cx} cy={g.top + 1} rx={g.r - 5} ry={g.ry - 3.5} fill={`url(#${uid}-opening)`} stroke="#fff" strokeOpacity="0.35" strokeWidth="1" />
    </svg>
  );
}
