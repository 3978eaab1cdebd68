// Loads pkg-node/gridlab.js (wasm-bindgen --target nodejs, CommonJS) even though the
// repository's package.json says "type": "module" (which makes a plain require treat
// the .js file as an ES module), and exposes the wasm memory for zero-copy views.

const fs = require('node:fs');
const path = require('node:path');
const Module = require('node:module');

const file = path.resolve(__dirname, '../../pkg-node/gridlab.js');

function loadGridlab() {
  const source = fs.readFileSync(file, 'utf8');
  const m = new Module(file, module);
  m.filename = file;
  m.paths = Module._nodeModulePaths(path.dirname(file));
  // `wasm` is the module-level instance exports in wasm-bindgen's nodejs output.
  m._compile(`${source}\n;exports.__wasm_memory = () => (typeof wasm !== 'undefined' ? wasm.memory : undefined);\n`, file);
  return m.exports;
}

module.exports = { loadGridlab, file };
