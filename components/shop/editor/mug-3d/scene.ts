// From the package root: the bundler keeps only what is used (131 KB gzip as served). Importing three/src/* modules
// instead adds ~200 modules to the app, which lengthens every module id and so every page's JS.
import {
  AmbientLight,
  BufferAttribute,
  BufferGeometry,
  CircleGeometry,
  DirectionalLight,
  DoubleSide,
  FrontSide,
  Group,
  LatheGeometry,
  Mesh,
  MeshBasicMaterial,
  MeshPhongMaterial,
  PerspectiveCamera,
  SRGBColorSpace,
  Scene,
  Texture,
  TorusGeometry,
  Vector2,
  WebGLRenderer,
} from "three";
import { bodyProfile, handleShape, mugWrap, printBand, printCropUv, type MugWrapInput } from "@/lib/domain/mug-wrap";
import { cameraFit, VIEW_ELEVATION } from "./view";

export interface MugScene {
  setColours(outside: string, inside: string): void;
  /** Radians the mug is turned about its axis (0: the print's centre faces the viewer). */
  setTurn(turn: number): void;
  /** CSS pixels of the canvas and the device pixel ratio to draw at. */
  resize(width: number, height: number, pixelRatio: number): void;
  /** Resolves once a frame has been drawn and handed to the screen. */
  drawn(): Promise<void>;
  dispose(): void;
}

const SEGMENTS = 96;
/** The print lies this far outside the glaze (mm): enough to win the depth test, too little to see. */
const PRINT_LIFT = 0.08;
const SHINE = 70;

/** Draws only when something changed (turn, colour, size), never in a loop. */
export function createMugScene(
  canvas: HTMLCanvasElement,
  context: WebGL2RenderingContext,
  mug: MugWrapInput,
  image: HTMLImageElement,
  colours: { outside: string; inside: string },
): MugScene {
  const renderer = new WebGLRenderer({ canvas, context, antialias: true, alpha: true });
  renderer.setClearColor(0x000000, 0);
  const wrap = mugWrap(mug);
  const handle = handleShape(wrap);

  const outsideMaterial = new MeshPhongMaterial({ color: colours.outside, shininess: SHINE, specular: 0x333333 });
  const insideMaterial = new MeshPhongMaterial({ color: colours.inside, shininess: SHINE, specular: 0x333333, side: DoubleSide });

  const texture = new Texture(image);
  texture.colorSpace = SRGBColorSpace;
  texture.anisotropy = Math.min(8, renderer.capabilities.getMaxAnisotropy());
  const crop = printCropUv(image.naturalWidth, image.naturalHeight, wrap.templateWidthMm, wrap.templateHeightMm);
  texture.offset.set(crop.u0, crop.v0);
  texture.repeat.set(crop.u1 - crop.u0, crop.v1 - crop.v0);
  texture.needsUpdate = true;
  // The print is a film on the glaze: the mug's colour never shows through it.
  const printMaterial = new MeshPhongMaterial({ map: texture, shininess: SHINE, specular: 0x333333, side: FrontSide });

  const profile = bodyProfile(wrap);
  const lathe = (points: [number, number][]) =>
    new LatheGeometry(
      points.map(([r, y]) => new Vector2(r, y)),
      SEGMENTS,
    );
  const band = printBand(wrap, SEGMENTS, wrap.radiusMm + PRINT_LIFT);
  const bandGeometry = new BufferGeometry();
  bandGeometry.setAttribute("position", new BufferAttribute(band.positions, 3));
  bandGeometry.setAttribute("normal", new BufferAttribute(band.normals, 3));
  bandGeometry.setAttribute("uv", new BufferAttribute(band.uvs, 2));
  bandGeometry.setIndex(new BufferAttribute(band.indices, 1));

  const mugGroup = new Group();
  const outsideGeometry = lathe(profile.outside);
  const insideGeometry = lathe(profile.inside);
  mugGroup.add(new Mesh(outsideGeometry, outsideMaterial));
  mugGroup.add(new Mesh(insideGeometry, insideMaterial));
  mugGroup.add(new Mesh(bandGeometry, printMaterial));

  // A half torus, opened towards the wall, stretched to the handle's reach and turned to the handle's angle.
  const handleGeometry = new TorusGeometry(handle.halfHeightMm, handle.tubeRadiusMm, 16, 48, Math.PI);
  const handleMesh = new Mesh(handleGeometry, outsideMaterial);
  handleMesh.rotation.z = -Math.PI / 2;
  handleMesh.scale.set(1, (handle.reachMm + handle.tubeRadiusMm) / handle.halfHeightMm, 1);
  handleMesh.position.x = wrap.radiusMm - handle.tubeRadiusMm;
  const handleGroup = new Group();
  handleGroup.add(handleMesh);
  handleGroup.position.y = handle.centreYMm;
  handleGroup.rotation.y = handle.angle - Math.PI / 2;
  mugGroup.add(handleGroup);

  // A soft contact shadow, so the mug stands on something.
  const shadowTexture = new Texture(shadowImage());
  shadowTexture.needsUpdate = true;
  const shadowGeometry = new CircleGeometry(wrap.radiusMm * 1.4, 48);
  const shadowMaterial = new MeshBasicMaterial({ map: shadowTexture, transparent: true, depthWrite: false });
  const shadow = new Mesh(shadowGeometry, shadowMaterial);
  shadow.rotation.x = -Math.PI / 2;
  shadow.position.y = -0.2;

  const scene = new Scene();
  scene.add(mugGroup, shadow);
  scene.add(new AmbientLight(0xffffff, 1.9));
  const key = new DirectionalLight(0xffffff, 1.6);
  key.position.set(-0.6, 1, 1.1);
  const rim = new DirectionalLight(0xffffff, 0.5);
  rim.position.set(1, 0.4, -0.6);
  scene.add(key, rim);

  const camera = new PerspectiveCamera(26, 1, 1, 2000);
  let width = 0;
  let height = 0;
  const fit = () => {
    const aspect = width > 0 && height > 0 ? width / height : 1;
    const view = cameraFit(wrap, handle, camera.fov, aspect);
    camera.aspect = aspect;
    camera.position.set(0, view.centreY + Math.sin(VIEW_ELEVATION) * view.distance, Math.cos(VIEW_ELEVATION) * view.distance);
    camera.lookAt(0, view.centreY, 0);
    camera.updateProjectionMatrix();
  };

  let frame = 0;
  let waiting: (() => void)[] = [];
  const draw = () => {
    frame = 0;
    if (width === 0 || height === 0) return;
    renderer.render(scene, camera);
    const done = waiting;
    waiting = [];
    // The frame reaches the screen with the next one the browser paints.
    if (done.length) requestAnimationFrame(() => done.forEach((resolve) => resolve()));
  };
  const invalidate = () => {
    frame ||= requestAnimationFrame(draw);
  };

  return {
    setColours(outside, inside) {
      outsideMaterial.color.set(outside);
      insideMaterial.color.set(inside);
      invalidate();
    },
    setTurn(turn) {
      mugGroup.rotation.y = turn;
      invalidate();
    },
    resize(w, h, pixelRatio) {
      if (w === width && h === height && renderer.getPixelRatio() === pixelRatio) return;
      width = w;
      height = h;
      renderer.setPixelRatio(pixelRatio);
      renderer.setSize(w, h, false);
      fit();
      invalidate();
    },
    drawn() {
      return new Promise((resolve) => {
        waiting.push(resolve);
        invalidate();
      });
    },
    dispose() {
      if (frame) cancelAnimationFrame(frame);
      waiting = [];
      for (const g of [outsideGeometry, insideGeometry, bandGeometry, handleGeometry, shadowGeometry]) g.dispose();
      for (const m of [outsideMaterial, insideMaterial, printMaterial, shadowMaterial]) m.dispose();
      texture.dispose();
      shadowTexture.dispose();
      renderer.dispose();
    },
  };
}

/** A radial fade from a soft grey to nothing. */
function shadowImage(): HTMLCanvasElement {
  const size = 64;
  const canvas = document.createElement("canvas");
  canvas.width = size;
  canvas.height = size;
  const g = canvas.getContext("2d");
  if (g) {
    const gradient = g.createRadialGradient(size / 2, size / 2, 0, size / 2, size / 2, size / 2);
    gradient.addColorStop(0, "rgba(0,0,0,0.32)");
    gradient.addColorStop(0.55, "rgba(0,0,0,0.18)");
    gradient.addColorStop(1, "rgba(0,0,0,0)");
    g.fillStyle = gradient;
    g.fillRect(0, 0, size, size);
  }
  return canvas;
}
