// Run by `scorekeeper publish` in Node, after precompile.mjs: the build's own
// Pyodide starts as the browser's Python worker does (pwa/python-worker.js:
// app.zip unpacked in Python's home folder, the same modules imported, the
// same names for the page's objects) and saves Python's whole memory. The
// browser restores it on the first visit too, instead of starting Python and
// importing the app. The file is gzip, its first 32 bytes naming the build
// the worker checks for.
//
// node snapshot.mjs SITE_FOLDER BUILD FILE_NAME
import { readFileSync, writeFileSync } from "node:fs";
import { gzipSync } from "node:zlib";

const [site, build, name] = process.argv.slice(2);
const label = new TextEncoder().encode(`spades-snapshot ${build}`.padEnd(32));
if (label.length !== 32) throw new Error(`a build id of 16 characters was expected: ${build}`);

globalThis.flet_js = {}; // the worker's bridge to the page, found by its name after a restore
const { loadPyodide } = await import(`${site}/pyodide/pyodide.mjs`);
// the browser's name for the program, not this script's path (the snapshot holds it)
const pyodide = await loadPyodide({
  indexURL: `${site}/pyodide/`,
  _makeSnapshot: true,
  _sysExecutable: "./this.program",
});
pyodide.unpackArchive(new Uint8Array(readFileSync(`${site}/app.zip`)), "zip");
const failed = pyodide.runPython(`
import sys
import js
sys.modules["flet_js"] = js.flet_js
sys.path.insert(0, "__pypackages__")
import scorekeeper.ui.browser
scorekeeper.ui.browser.import_everything()
`);
if (failed) console.warn(`not in the snapshot:\n${failed}`);
const memory = pyodide.makeMemorySnapshot();
const packed = new Uint8Array(label.length + memory.length);
packed.set(label);
packed.set(memory, label.length);
writeFileSync(`${site}/${name}`, gzipSync(packed, { level: 9 }));
console.log(`snapshot: ${memory.length} bytes of memory`);
