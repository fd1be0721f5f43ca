import type { ChildProcess } from 'node:child_process';

export declare const CHROMIUM_FLAGS: string[];
export declare function findChromium(): Promise<string>;
export declare function freePort(): Promise<number>;
export declare function waitForHealth(
  baseUrl: string,
  server?: ChildProcess | null,
  options?: { attempts?: number; intervalMs?: number },
): Promise<void>;
