"use client";

/** The zoom beside a cropper, for those who cannot pinch or scroll; its range is the croppers' zoom range. */
export function ZoomSlider({ label, zoom, onZoom }: { label: string; zoom: number; onZoom: (zoom: number) => void }) {
  return (
    <label className="flex items-center gap-3 text-sm">
      <span className="font-medium text-stone-700">{label}</span>
      <input
        type="range"
        min={1}
        max={4}
        step={0.05}
        value={zoom}
        onChange={(e) => onZoom(Number(e.target.value))}
        className="w-full max-w-xs accent-brand-600"
      />
    </label>
  );
}
