import type { Area } from "react-easy-crop";

/** A crop for another print shape: same centre and about the same share of the photo, moved only to stay inside it. */
export function refitArea(area: Area, aspect: number, photo: { width: number; height: number }): Area {
  const cx = area.x + area.width / 2;
  const cy = area.y + area.height / 2;
  let width = Math.sqrt(area.width * area.height * aspect);
  let height = width / aspect;
  const shrink = Math.min(1, photo.width / width, photo.height / height);
  width *= shrink;
  height *= shrink;
  const clamp = (v: number, max: number) => Math.min(Math.max(v, 0), Math.max(0, max));
  return {
    x: clamp(cx - width / 2, photo.width - width),
    y: clamp(cy - height / 2, photo.height - height),
    width,
    height,
  };
}
