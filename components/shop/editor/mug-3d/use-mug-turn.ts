"use client";

import { useCallback, useEffect, useMemo, useRef, useState, type PointerEvent, type RefObject } from "react";
import type { MugScene } from "./scene";
import { dragTurn, easeTurn, normaliseTurn, TURN_ANIMATION_MS, TURN_STEP, turnDegrees } from "./view";

const reducedMotion = () => window.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;

/** The turn lives in a ref handed straight to the scene, so dragging re-renders nothing; degrees publish when a move ends. */
export function useMugTurn(scene: RefObject<MugScene | null>, canvas: RefObject<HTMLCanvasElement | null>, enabled: boolean) {
  const turn = useRef(0);
  const target = useRef(0);
  const animation = useRef(0);
  const drag = useRef<{ id: number; x: number; turn: number } | null>(null);
  const [degrees, setDegrees] = useState(0);

  const show = useCallback(
    (value: number) => {
      turn.current = value;
      scene.current?.setTurn(value);
    },
    [scene],
  );
  const settle = useCallback(() => setDegrees(turnDegrees(turn.current)), []);
  const stop = () => {
    cancelAnimationFrame(animation.current);
    animation.current = 0;
  };
  useEffect(() => () => cancelAnimationFrame(animation.current), []);

  const to = useCallback(
    (value: number) => {
      stop();
      target.current = value;
      if (reducedMotion()) {
        show(value);
        settle();
        return;
      }
      const from = turn.current;
      const start = performance.now();
      const step = (now: number) => {
        const t = (now - start) / TURN_ANIMATION_MS;
        show(easeTurn(from, value, t));
        if (t < 1) animation.current = requestAnimationFrame(step);
        else {
          animation.current = 0;
          settle();
        }
      };
      animation.current = requestAnimationFrame(step);
    },
    [show, settle],
  );

  const pointer = useMemo(
    () => ({
      onPointerDown(event: PointerEvent<HTMLCanvasElement>) {
        if (!enabled || (event.pointerType === "mouse" && event.button !== 0)) return;
        stop();
        event.currentTarget.setPointerCapture(event.pointerId);
        drag.current = { id: event.pointerId, x: event.clientX, turn: turn.current };
      },
      onPointerMove(event: PointerEvent<HTMLCanvasElement>) {
        const d = drag.current;
        if (!d || d.id !== event.pointerId) return;
        show(dragTurn(d.turn, event.clientX - d.x, canvas.current?.clientWidth ?? 0));
      },
      onPointerUp(event: PointerEvent<HTMLCanvasElement>) {
        if (drag.current?.id !== event.pointerId) return;
        drag.current = null;
        target.current = turn.current;
        settle();
      },
      onPointerCancel(event: PointerEvent<HTMLCanvasElement>) {
        if (drag.current?.id !== event.pointerId) return;
        drag.current = null;
        target.current = turn.current;
        settle();
      },
    }),
    [enabled, show, settle, canvas],
  );

  return {
    degrees,
    current: useCallback(() => turn.current, []),
    pointer,
    /** One step left (−1) or right (+1), counted from where the last move was heading. */
    by: (steps: number) => to(target.current + steps * TURN_STEP),
    /** Back to the print's centre by the shorter way. */
    front: () => to(target.current - normaliseTurn(target.current)),
  };
}
