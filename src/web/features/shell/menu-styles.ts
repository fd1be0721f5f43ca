export const learnTriggerClass = 'inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-medium hover:bg-muted';
export const menuItemClass =
  'flex cursor-pointer select-none items-center rounded-sm px-3 py-2 text-sm outline-none data-[highlighted]:bg-muted';
export const menuContentClass = 'z-50 min-w-44 rounded-md border border-border bg-card p-1 text-foreground shadow-lg';
