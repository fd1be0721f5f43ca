import { useEffect, useRef, useState } from 'react';

/** The size an element is shown at, followed as the page resizes; null until it has one. */
export function useRenderedSize<T extends Element = HTMLImageElement>() {
  const ref = useRef<T>(null);
  const [size, setSize] = useState<{ width: number; height: number } | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const observer = new ResizeObserver(() => {
      const { width, height } = element.getBoundingClientRect();
      setSize(width > 0 && height > 0 ? { width, height } : null);
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return { ref, size };
}
