import { useEffect, useRef } from 'react';
import type uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

export interface ChartColors {
  text: string;
  grid: string;
  line: string;
}

export type MakeChart = (
  lib: typeof uPlot,
  colors: ChartColors,
) => { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData };

/**
 * A uPlot canvas the width of its box. uPlot loads with the first chart (the journal's chunk
 * only); the canvas is hidden from assistive technology: the table beside it says the same.
 * `make` must keep its identity while the chart should stay as it is (useCallback).
 */
export function UPlotChart({ make, height }: { make: MakeChart; height: number }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    let plot: uPlot | null = null;
    let observer: ResizeObserver | null = null;
    let gone = false;
    void import('uplot').then(({ default: UPlot }) => {
      if (gone) return;
      const text = getComputedStyle(element).color;
      const line = getComputedStyle(element).getPropertyValue('--primary').trim() || '#1d4ed8';
      const { options, data } = make(UPlot, { text, grid: 'rgba(128, 128, 128, 0.25)', line });
      plot = new UPlot({ ...options, width: Math.max(element.clientWidth, 120), height }, data, element);
      observer = new ResizeObserver(() => plot?.setSize({ width: Math.max(element.clientWidth, 120), height }));
      observer.observe(element);
    });
    return () => {
      gone = true;
      observer?.disconnect();
      plot?.destroy();
    };
  }, [make, height]);
  return <div ref={box} aria-hidden="true" className="w-full min-w-0 overflow-hidden" style={{ height }} />;
}
