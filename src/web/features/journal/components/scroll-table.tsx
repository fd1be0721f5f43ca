import type { ReactNode } from 'react';

/** A table that scrolls sideways inside its own box on a narrow screen, never the page; focusable so keys scroll it. */
export function ScrollTable({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div
      role="region"
      aria-label={label}
      tabIndex={0}
      className="max-w-full overflow-x-auto rounded-lg border border-border"
    >
      {children}
    </div>
  );
}

export const cellClass = 'whitespace-nowrap px-3 py-2';
export const headClass = 'whitespace-nowrap px-3 py-2 text-left font-semibold';
