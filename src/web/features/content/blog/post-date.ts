const FORMAT = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric', timeZone: 'UTC' });

/** '2026-03-12' → 'March 12, 2026', the same on the build machine and in every browser. */
export const formatPostDate = (date: string): string => FORMAT.format(new Date(`${date}T00:00:00Z`));
