import { setFlagsFromString } from "node:v8";

// Every entry point imports this first: the project runs on Node.js 24 or newer. npm's scripts
// get it from the `node` package in node_modules/.bin (npm puts that folder first on their PATH),
// whatever the machine's own Node is; started any other way on an older Node, stop and say why.
const REQUIRED_MAJOR = 24;
const major = Number(process.versions.node.split(".")[0]);
if (major < REQUIRED_MAJOR) {
  process.stderr.write(
    `This project needs Node.js ${REQUIRED_MAJOR} or newer, and this is Node.js ${process.versions.node}.\n` +
      `Run it through npm (npm start, npm test, npm run …): npm install puts Node.js ${REQUIRED_MAJOR} in node_modules/.bin and npm's scripts use it.\n` +
      `Or run it with node_modules/.bin/node, or install Node.js ${REQUIRED_MAJOR}.\n`,
  );
  process.exit(1);
}

// PGlite is PostgreSQL compiled to WebAssembly. On Node 24 (V8 13.6), freeing the machine code
// of a WebAssembly function that a later tier replaced ("wasm code GC") once crashed a test
// worker with `Check failed: jit_page_->allocations_.erase(addr) == 1` in
// ThreadIsolation::UnregisterWasmAllocation, the one caller of which is that freeing. Keeping
// replaced code costs a little memory and avoids the path; V8's flags are the process's, so
// this covers the worker thread PGlite runs in as well.
setFlagsFromString("--no-wasm-code-gc");
