/** On Linux without MALLOC_ARENA_MAX, runs this same script again with MALLOC_ARENA_MAX=2 and exits with its status. */
export function relaunchWithFewArenas(): Promise<void>;
