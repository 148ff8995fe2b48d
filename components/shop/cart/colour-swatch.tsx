/** A round swatch: outside colour on the upper left, inside colour on the lower right. */
export function ColourSwatch({ outside, inside, label }: { outside: string; inside: string; label: string }) {
  return (
    <span
      role="img"
      aria-label={label}
      title={label}
      className="inline-block h-5 w-5 shrink-0 rounded-full border border-stone-300"
      style={{ background: `linear-gradient(135deg, ${outside} 50%, ${inside} 50%)` }}
    />
  );
}
