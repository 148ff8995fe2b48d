export function Thumbnail({ url, size = 56, emptyText }: { url: string | null; size?: 48 | 56; emptyText?: string }) {
  const box = size === 48 ? "h-12 w-12" : "h-14 w-14";
  if (url) {
    return (
      // eslint-disable-next-line @next/next/no-img-element -- catalogue image route; a plain lazy thumbnail
      <img
        src={url}
        alt=""
        width={size}
        height={size}
        loading="lazy"
        decoding="async"
        className={`${box} rounded border border-stone-200 object-cover`}
      />
    );
  }
  return (
    <span
      aria-hidden={emptyText ? undefined : true}
      className={`flex ${box} items-center justify-center rounded border border-dashed border-stone-300 bg-stone-50 text-center text-[10px] leading-tight text-stone-400`}
    >
      {emptyText}
    </span>
  );
}
