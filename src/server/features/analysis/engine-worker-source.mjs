// The engine pool's thread when the server runs from source (tests, benches, `npm run dev`): it
// compiles TypeScript with tsx in that thread. The built server uses dist/server/engine-worker.js.
import { register } from 'tsx/esm/api';

register();
const { default: run } = await import('./engine-worker.ts');
export default run;
