/** glibc's malloc settings the engine runs with (two arenas, a fixed mmap threshold). */
export const MALLOC_ENV: { MALLOC_ARENA_MAX: string; MALLOC_MMAP_THRESHOLD_: string };
/** On Linux without MALLOC_ARENA_MAX, runs this same script again with MALLOC_ENV and exits with its status. */
export function relaunchWithFewArenas(): Promise<void>;
