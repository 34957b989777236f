import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { historyTitle, SIDEBAR_TITLE_CHARS } from '@/lib/historyTitle';
import { calculatorToText } from '@/lib/readableMath';

let canvas: HTMLCanvasElement | undefined;

/** Width of `text` in the element's font, measured off-screen. */
function textWidth(element: HTMLElement, text: string): number {
  canvas ??= document.createElement('canvas');
  const context = canvas.getContext('2d');
  if (!context) return 0;
  const style = getComputedStyle(element);
  context.font = `${style.fontStyle} ${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
  return context.measureText(text).width;
}

/**
 * A conversation's title in the room its row has: its maths in readable notation (x², C₃H₈, √, →: a row of links
 * has no room for MathML, and calculator syntax reads as code), shortened around its numbers and maths
 * (lib/historyTitle.ts) to as many characters as fit the measured width, rather than cut at the end by CSS, so that
 * similar questions stay apart. The full title is its tooltip.
 */
export default function FittedTitle({ title: written, className = '' }: { title: string; className?: string }) {
  const title = useMemo(() => calculatorToText(written, { chemistry: true }), [written]);
  const span = useRef<HTMLSpanElement>(null);
  const [room, setRoom] = useState(SIDEBAR_TITLE_CHARS);

  useLayoutEffect(() => {
    const element = span.current;
    if (!element) return;
    const fit = () => {
      const width = element.clientWidth;
      if (width === 0) return;
      // The longest shortening that fits, by halving (a longer one never gets narrower by much).
      let low = 8;
      let high = Math.max(low, title.length);
      while (low < high) {
        const middle = Math.ceil((low + high) / 2);
        if (textWidth(element, historyTitle(title, middle)) <= width) low = middle;
        else high = middle - 1;
      }
      setRoom(low);
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(element);
    return () => observer.disconnect();
  }, [title]);

  const shown = historyTitle(title, room);
  return (
    <span
      ref={span}
      className={`block min-w-0 flex-1 truncate ${className}`}
      title={shown === title ? undefined : title}
    >
      {shown}
    </span>
  );
}
