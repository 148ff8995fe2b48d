/** Decorative: the colour's name is always written next to it. */
export function ColourSwatch({ outside, inside }: { outside: string; inside: string }) {
  return (
    <span
      aria-hidden
      className="inline-block h-5 w-5 shrink-0 rounded-full border border-stone-300"
      style={{ background: `linear-gradient(135deg, ${outside} 50%, ${inside} 50%)` }}
    />
  );
}
