// The engine pool's thread when the server runs from source (tests, benches, `npm run dev`): it
// compiles TypeScript with tsx in that thread. The built server uses dist/server/engine-worker.js.
// CommonJS, so that piscina's require() of it loads no ES module: Node 20's require() of one with
// top-level await, which piscina tries before import(), could abort the whole process (a V8 fatal
// error in `Module::IsGraphAsync`, seen once in a full test run).
const worker = import('tsx/esm/api')
  .then(({ register }) => {
    register();
    return import('./engine-worker.ts');
  })
  .then((module) => module.default);
// Awaited by each task; a failed load is theirs to report, not an unhandled rejection before the first.
worker.catch(() => undefined);

module.exports = async function run(task) {
  return (await worker)(task);
};
