import { mugGeometry, safeColour, type MugDimensions } from "./mug-geometry";

export interface MugDrawingProps {
  mug: MugDimensions;
  /** The design on the print area; null draws the bare mug (a variant without a product photo). */
  imageUrl: string | null;
  outsideColor: string;
  insideColor: string;
  label: string;
  className?: string;
}

/** Without hooks, so a server component renders it with no client JavaScript; `uid` keeps its SVG ids apart. */
export function MugDrawing(props: MugDrawingProps & { uid: string }) {
  const uid = props.uid.replace(/[^a-zA-Z0-9]/g, "");
  const imageUrl = props.imageUrl;
  const g = mugGeometry(props.mug);
  const outside = safeColour(props.outsideColor, "#ffffff");
  const inside = safeColour(props.insideColor, "#ffffff");
  const edge = "#57534e";
  const left = g.cx - g.r;
  const right = g.cx + g.r;
  const body = `M ${left} ${g.top} L ${left} ${g.bottom} A ${g.r} ${g.ry} 0 0 0 ${right} ${g.bottom} L ${right} ${g.top} A ${g.r} ${g.ry} 0 0 0 ${left} ${g.top} Z`;
  const h = g.handle;
  const handle = `M ${right - 6} ${h.yTop} C ${h.outer} ${h.yTop - 6}, ${h.outer} ${h.yBottom + 6}, ${right - 6} ${h.yBottom}`;
  const inset = h.thickness / 2;
  const innerHandle = `M ${right} ${h.yTop + inset} C ${h.outer - inset * 1.6} ${h.yTop + inset - 4}, ${h.outer - inset * 1.6} ${h.yBottom - inset + 4}, ${right} ${h.yBottom - inset}`;

  return (
    <svg
      viewBox={`0 0 ${g.width.toFixed(2)} ${g.height.toFixed(2)}`}
      role="img"
      aria-label={props.label}
      className={props.className ?? "h-auto w-full max-w-md"}
      data-testid="mug-preview"
      data-outside-color={outside}
      data-inside-color={inside}
    >
      <defs>
        <clipPath id={`${uid}-body`}>
          <path d={body} />
        </clipPath>
        <clipPath id={`${uid}-print`}>
          <path d={g.printOutline} />
        </clipPath>
        {g.slices.map((s, i) => (
          <clipPath key={i} id={`${uid}-slice-${i}`}>
            <rect x={s.x0 - 0.35} y={0} width={s.x1 - s.x0 + 0.7} height={g.height} />
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
        <linearGradient id={`${uid}-handle`} gradientUnits="userSpaceOnUse" x1={g.cx + g.r - 6} x2={h.outer} y1="0" y2="0">
          <stop offset="0" stopColor="#000" stopOpacity="0.3" />
          <stop offset="0.35" stopColor="#000" stopOpacity="0.06" />
          <stop offset="0.75" stopColor="#000" stopOpacity="0.16" />
          <stop offset="1" stopColor="#000" stopOpacity="0.34" />
        </linearGradient>
        <linearGradient id={`${uid}-opening`} x1="0" x2="0" y1="0" y2="1">
          <stop offset="0" stopColor="#000" stopOpacity="0.35" />
          <stop offset="1" stopColor="#000" stopOpacity="0.02" />
        </linearGradient>
      </defs>

      <ellipse cx={g.cx} cy={g.bottom + 4} rx={g.r * 1.05} ry={g.ry * 0.9} fill="#000" opacity="0.12" />
      <path d={handle} fill="none" stroke={edge} strokeWidth={h.thickness + 3} strokeLinecap="round" />
      <path d={handle} fill="none" stroke={outside} strokeWidth={h.thickness} strokeLinecap="round" data-testid="mug-handle" />
      <path d={handle} fill="none" stroke={`url(#${uid}-handle)`} strokeWidth={h.thickness} strokeLinecap="round" />
      <path
        d={handle}
        fill="none"
        stroke="#fff"
        strokeOpacity="0.45"
        strokeWidth={h.thickness * 0.2}
        strokeLinecap="round"
        transform="translate(-2.5 0)"
      />
      <path d={innerHandle} fill="none" stroke={edge} strokeOpacity="0.55" strokeWidth="1" />

      <path d={body} fill={outside} data-testid="mug-body" />
      <g clipPath={`url(#${uid}-body)`}>
        {imageUrl !== null && (
          <g clipPath={`url(#${uid}-print)`} data-testid="mug-print" data-image-url={imageUrl}>
            {g.slices.map((s, i) => (
              <g key={i} clipPath={`url(#${uid}-slice-${i})`}>
                <image
                  href={imageUrl}
                  x={0}
                  y={0}
                  width={g.templateWidth}
                  height={g.printHeight}
                  preserveAspectRatio="xMidYMid slice"
                  transform={`matrix(${s.matrix.map((v) => Math.round(v * 10000) / 10000).join(" ")})`}
                />
              </g>
            ))}
          </g>
        )}
        <rect x={left} y={0} width={g.r * 2} height={g.height} fill={`url(#${uid}-shade)`} />
      </g>
      <path d={body} fill="none" stroke={edge} strokeWidth="1.5" />

      <ellipse cx={g.cx} cy={g.top} rx={g.r} ry={g.ry} fill={outside} stroke={edge} strokeWidth="1.5" />
      <ellipse cx={g.cx} cy={g.top + 1} rx={g.r - 5} ry={g.ry - 3.5} fill={inside} data-testid="mug-inside" />
      <ellipse
        cx={g.cx}
        cy={g.top + 1}
        rx={g.r - 5}
        ry={g.ry - 3.5}
        fill={`url(#${uid}-opening)`}
        stroke="#fff"
        strokeOpacity="0.35"
        strokeWidth="1"
      />
    </svg>
  );
}
