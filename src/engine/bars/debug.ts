/** A look inside the bars stage, for tests and tools: nothing is sent unless a sink is set. */

/** Test hook: receives intermediate masks and pieces of the last detection. */
export const candleDebug: { sink: ((stage: string, data: unknown) => void) | null } = { sink: null };
