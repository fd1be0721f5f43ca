/**
 * A look inside the bars stage, for tests and tools: a sink set here receives the intermediate
 * masks, pieces and lattice of the last detection; nothing is sent while it is null.
 */
export const candleDebug: { sink: ((stage: string, data: unknown) => void) | null } = { sink: null };
