// Python in the browser (Pyodide). The page starts this worker before Flutter
// loads: it starts Python, unpacks the app, imports it and opens the data while
// Flutter starts; the app runs when Flutter connects.
//
// Python starts from a memory snapshot: its whole memory taken after the
// app's imports. `scorekeeper publish` makes one with the build (SHIPPED, see
// pwa/snapshot.mjs), so that the first visit restores too. A build made
// without one (no Node.js) or whose snapshot is refused starts normally; then
// a second copy of this worker (`python-worker.js?snapshot`) takes a snapshot
// after the first start and keeps it in Cache Storage under the build's id,
// for the next visits. A snapshot of another build is never used.
//
// The page hears each start-up phase on the port it sends first ({startup}).
const BUILD = $build; // filled in at publish time (commands/publish.py)
const SHIPPED = $shipped; // the build's snapshot file, "" if it has none
const SHIPPED_LABEL = `spades-snapshot ${BUILD}`; // its first 32 bytes (pwa/snapshot.mjs)
const SNAPSHOTS = "spades-scorekeeper-snapshot"; // sw.js keeps this cache
const SNAPSHOT_URL = new URL(`snapshot-${BUILD}.bin`, self.location).href;
const MAKING_SNAPSHOT = new URL(self.location).search === "?snapshot";
const DATA = $data; // the data folder's path in Python: its IndexedDB database's name

self.flet_js = {};
const log = (text, isError) => (isError ? console.error(text) : console.log(text));
let startup = null; // the page's port
const early = [];
const phase = (name, detail = {}) => {
  const message = { phase: name, at: performance.timeOrigin + performance.now(), ...detail };
  if (startup) startup.postMessage(message);
  else early.push(message);
};
self.startupPhase = (name) => phase(String(name)); // for Python (scorekeeper/ui/browser.py)

// The data, read from IndexedDB as this worker starts, while Python starts and
// Flutter connects: the entries Emscripten's IDBFS keeps (its database, version
// and store; each file or folder's path with {timestamp, mode, contents}).
// Python puts them in place when it mounts the data folder
// (storage/browser.py); null if they cannot be read, and Python reads them itself.
const IDBFS_VERSION = 21;
const IDBFS_STORE = "FILE_DATA";
function readData(name) {
  return new Promise((resolve) => {
    let request;
    try {
      request = indexedDB.open(name, IDBFS_VERSION);
    } catch (error) {
      console.warn("python worker: the data is read later:", error);
      resolve(null);
      return;
    }
    request.onupgradeneeded = () => {
      // a first start: the database as IDBFS makes it
      const db = request.result;
      const store = db.objectStoreNames.contains(IDBFS_STORE)
        ? request.transaction.objectStore(IDBFS_STORE)
        : db.createObjectStore(IDBFS_STORE);
      if (!store.indexNames.contains("timestamp"))
        store.createIndex("timestamp", "timestamp", { unique: false });
    };
    request.onerror = (event) => {
      event.preventDefault();
      console.warn("python worker: the data is read later:", request.error);
      resolve(null);
    };
    request.onsuccess = () => {
      const db = request.result;
      try {
        const transaction = db.transaction([IDBFS_STORE], "readonly");
        const store = transaction.objectStore(IDBFS_STORE);
        const paths = store.getAllKeys();
        const entries = store.getAll();
        transaction.oncomplete = () => {
          phase("data fetched", { files: paths.result.length });
          resolve({ db, paths: paths.result, entries: entries.result });
        };
        transaction.onerror = (event) => {
          event.preventDefault();
          resolve(null);
        };
      } catch (error) {
        console.warn("python worker: the data is read later:", error);
        resolve(null);
      }
    };
  });
}
const data = MAKING_SNAPSHOT ? null : readData(DATA);
if (data) phase("data asked");
self.earlyData = (folder) => (folder === DATA ? data : null); // for Python (storage/browser.py)

// The snapshot kept in this browser for this build (made here after a normal
// start, or the build's own kept unpacked), if any.
async function findSnapshot() {
  try {
    return (await (await caches.open(SNAPSHOTS)).match(SNAPSHOT_URL)) || null;
  } catch (error) {
    console.warn("python worker: no snapshot:", error);
    return null;
  }
}

// The build's own snapshot (a gzip file); fails if it is missing or was made
// for another build.
async function shippedSnapshot() {
  const response = await fetch(SHIPPED);
  if (!response.ok) throw new Error(`${SHIPPED}: HTTP ${response.status}`);
  const unpacked = new Response(response.body.pipeThrough(new DecompressionStream("gzip")));
  const bytes = new Uint8Array(await unpacked.arrayBuffer());
  const label = new TextDecoder().decode(bytes.subarray(0, 32)).trimEnd();
  if (label !== SHIPPED_LABEL)
    throw new Error(`${SHIPPED} was made for another build: ${label.slice(0, 48)}`);
  return bytes.subarray(32);
}

async function keepSnapshot(bytes) {
  const cache = await caches.open(SNAPSHOTS);
  for (const request of await cache.keys()) await cache.delete(request); // older builds'
  await cache.put(
    SNAPSHOT_URL,
    new Response(bytes, { headers: { "Content-Type": "application/octet-stream" } }),
  );
}

// Pyodide's JS, loaded at once by both kinds of start.
const RUNTIME = Promise.all([import("./pyodide/pyodide.mjs"), import("./pyodide/pyodide.asm.mjs")]);

// Python, from the snapshot when one is given (a promise of its bytes).
// Pyodide's restore sets INITIAL_MEMORY, but its wasm brings a memory of its
// own: grow that memory to the snapshot's size before the snapshot is copied in.
async function runtime(snapshot) {
  const [pyodideModule, { default: factory }] = await RUNTIME;
  phase("runtime loaded");
  const options = {
    stdout: (text) => log(text, false),
    stderr: (text) => log(text, true),
    createPyodideModule: async (settings) => {
      const module = await factory(settings);
      phase("wasm ready");
      const bytes = await snapshot;
      if (bytes && module.HEAP8.length < bytes.length) module.growMemory(bytes.length);
      return module;
    },
  };
  if (snapshot) options._loadSnapshot = snapshot;
  if (MAKING_SNAPSHOT) options._makeSnapshot = true;
  return pyodideModule.loadPyodide(options);
}

async function archive() {
  const response = await fetch("app.zip");
  if (!response.ok) throw new Error(`could not load the app: HTTP ${response.status}`);
  return new Uint8Array(await response.arrayBuffer());
}

// app.zip's files (the worker's folder is the app's, see python.js)
function unpack(pyodide, bytes) {
  pyodide.unpackArchive(bytes, "zip");
  phase("app unpacked");
}

const booting = MAKING_SNAPSHOT
  ? null
  : (async () => {
      phase("worker started", { build: BUILD });
      const app = archive(); // fetched while Python starts
      const found = await findSnapshot();
      let pyodide = null;
      let shipped = null; // the build's snapshot once restored, kept unpacked for the next visits
      const sources = []; // the snapshot kept here, else the build's own
      if (found)
        sources.push(["kept", () => found.arrayBuffer().then((buffer) => new Uint8Array(buffer))]);
      if (SHIPPED) sources.push(["shipped", shippedSnapshot]);
      for (const [source, read] of sources) {
        const snapshot = read().then((bytes) => {
          phase("snapshot read", { bytes: bytes.length, shipped: source === "shipped" });
          return bytes;
        });
        snapshot.catch(() => {}); // a failure is reported below, where the runtime awaits it
        try {
          pyodide = await runtime(snapshot);
          if (source === "shipped") shipped = await snapshot;
          break;
        } catch (error) {
          console.warn(`python worker: the ${source} snapshot is refused:`, error);
          if (source === "kept") await caches.delete(SNAPSHOTS);
        }
      }
      const restored = pyodide !== null;
      if (!restored) pyodide = await runtime(null);
      phase(restored ? "python restored" : "python started", { restored });
      if (restored) {
        // the modules are in memory (the code is unpacked only if one is missing,
        // the data files after the first screen: scorekeeper/ui/browser.py)
        pyodide.FS.writeFile("app.zip", await app);
        pyodide.runPython("scorekeeper.ui.browser.restored()");
        phase("app unpacked");
      } else {
        unpack(pyodide, await app);
        pyodide.registerJsModule("flet_js", self.flet_js);
        pyodide.runPython(`import sys; sys.path.insert(0, "__pypackages__")`);
        pyodide.runPython("import scorekeeper.ui.browser");
      }
      phase("app imported");
      pyodide.runPython("scorekeeper.ui.browser.prepare()");
      return { pyodide, restored, shipped };
    })();

// After a start from the build's snapshot: it is kept unpacked for the next visits.
async function keepShipped(bytes) {
  try {
    await keepSnapshot(bytes);
    phase("snapshot kept", { bytes: bytes.length, shipped: true });
  } catch (error) {
    console.warn("python worker: the snapshot is not kept:", error);
  }
}

// After a normal start: a second worker takes the snapshot the next visit starts from.
function makeSnapshotLater(pyodide) {
  const modules = pyodide.runPython("import sys; '\\n'.join(sorted(sys.modules))");
  const maker = new Worker(new URL("python-worker.js?snapshot", self.location), { type: "module" });
  maker.onmessage = (event) => {
    phase("snapshot kept", event.data);
    maker.terminate();
  };
  maker.postMessage({ modules });
}

// Before a snapshot (pwa/snapshot.mjs does the same in Node): every module a session
// uses, imported; returns those that failed.
function everything(pyodide, sessionModules) {
  pyodide.globals.set("session_modules", sessionModules);
  return pyodide.runPython(`
import sys
import js
sys.modules["flet_js"] = js.flet_js  # found again by its name after a restore
sys.path.insert(0, "__pypackages__")
import scorekeeper.ui.browser
scorekeeper.ui.browser.import_everything(session_modules)
`);
}

// The snapshot worker: the app's imports and nothing else (it never runs the
// app: in snapshot mode Pyodide wraps globalThis, which breaks Web Locks).
async function makeSnapshot(modules) {
  const started = performance.now();
  const app = archive();
  const pyodide = await runtime(null);
  unpack(pyodide, await app);
  const failed = everything(pyodide, modules);
  if (failed) console.warn("python worker: not in the snapshot:", failed);
  const bytes = pyodide.makeMemorySnapshot();
  await keepSnapshot(bytes);
  return { bytes: bytes.length, ms: Math.round(performance.now() - started) };
}

const receive = (message) => {
  const bytes = message.toJs();
  self.postMessage(bytes, [bytes.buffer]);
};

let started = false;
self.onmessage = async (event) => {
  if (MAKING_SNAPSHOT) {
    try {
      self.postMessage(await makeSnapshot(event.data.modules));
    } catch (error) {
      console.warn("python worker: no snapshot made:", error);
      self.postMessage({ error: String(error) });
    }
    return;
  }
  if (event.data?.startup) {
    startup = event.data.startup;
    for (const message of early.splice(0)) startup.postMessage(message);
    return;
  }
  if (started) {
    self.flet_js.send(event.data);
    return;
  }
  started = true;
  self.flet_js.documentUrl = event.data.documentUrl;
  try {
    const { pyodide, restored, shipped } = await booting;
    pyodide.runPython("scorekeeper.ui.browser.run()"); // what main.py does
    await self.flet_js.start_connection(receive);
    phase("app started");
    self.postMessage("initialized");
    // once the first screen is drawn: a snapshot keeps a core busy for seconds
    if (!restored) setTimeout(() => makeSnapshotLater(pyodide), 5000);
    if (shipped) setTimeout(() => keepShipped(shipped), 5000);
  } catch (error) {
    self.postMessage(error.toString());
  }
};
