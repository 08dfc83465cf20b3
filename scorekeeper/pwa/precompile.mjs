// Run by `scorekeeper publish` in Node: the build's own Pyodide (so the same
// Python 3.14 the browser runs) imports the app the way a session does,
// writes the list of modules it needed into app.zip, and replaces each of
// those modules' source in app.zip and python_stdlib.zip by bytecode. The
// browser then runs that bytecode instead of compiling ~500 modules from
// source on every start.
//
// node precompile.mjs SITE_FOLDER
import { readFileSync, writeFileSync } from "node:fs";

const site = process.argv[2];
const { loadPyodide } = await import(`${site}/pyodide/pyodide.mjs`);
const pyodide = await loadPyodide({ indexURL: `${site}/pyodide/` });
pyodide.registerJsModule("flet_js", {}); // the page's bridge, only imported here
pyodide.FS.writeFile("/tmp/app.zip", new Uint8Array(readFileSync(`${site}/app.zip`)));
pyodide.FS.writeFile(
  "/tmp/stdlib.zip",
  new Uint8Array(readFileSync(`${site}/pyodide/python_stdlib.zip`)),
);
pyodide.runPython(`
import importlib, importlib._bootstrap_external as external, os, pkgutil, re, sys, zipfile

APP = "/home/pyodide/"  # where the browser unpacks app.zip (its working folder)
STDLIB = f"/lib/python{sys.version_info[0]}{sys.version_info[1]}.zip/"
os.makedirs("/tmp/app")
zipfile.ZipFile("/tmp/app.zip").extractall("/tmp/app")
sys.path[:0] = ["/tmp/app/__pypackages__", "/tmp/app"]

# Every module of the app, what \`ft.run\` imports in the browser, and every
# flet control its screens name (flet imports a control's module the first
# time \`ft.Name\` is read).
import flet, flet.app, scorekeeper, flet.messaging.pyodide_connection
for found in pkgutil.walk_packages(scorekeeper.__path__, "scorekeeper."):
    try:
        importlib.import_module(found.name)
    except ImportError:
        pass  # a server-only module (psutil, qrcode) never used in the browser
for root, _dirs, files in os.walk("/tmp/app/scorekeeper"):
    for name in files:
        if name.endswith(".py"):
            source = open(os.path.join(root, name), encoding="utf-8").read()
            for control in sorted(set(re.findall(r"\\bft\\.([A-Z]\\w*)", source))):
                getattr(flet, control, None)

used = {}  # archive entry -> module name
for name, module in list(sys.modules.items()):
    path = getattr(module, "__file__", None) or ""
    if path.startswith("/tmp/app/") and path.endswith(".py"):
        used[("app", path.removeprefix("/tmp/app/"))] = name
    elif path.startswith(STDLIB) and path.endswith(".py"):
        used[("stdlib", path.removeprefix(STDLIB))] = name

def compile_archive(kind, source, target, prefix, extra=()):
    with zipfile.ZipFile(source) as old, zipfile.ZipFile(target, "w", zipfile.ZIP_DEFLATED, compresslevel=9) as new:
        for info in old.infolist():
            data, name = old.read(info), info.filename
            if (kind, name) in used:
                code = compile(data, prefix + name, "exec", dont_inherit=True)
                data, name = bytes(external._code_to_timestamp_pyc(code, 0, 0)), name + "c"
            entry = zipfile.ZipInfo(name, date_time=info.date_time)
            entry.compress_type = zipfile.ZIP_DEFLATED
            new.writestr(entry, data)
        for name, data in extra:
            new.writestr(name, data)

modules = "\\n".join(sorted(set(used.values()) | {"flet.messaging.pyodide_connection"}))
compile_archive("app", "/tmp/app.zip", "/tmp/app.out.zip", APP, [("startup_modules.txt", modules + "\\n")])
compile_archive("stdlib", "/tmp/stdlib.zip", "/tmp/stdlib.out.zip", STDLIB)
print(f"{sum(k == 'app' for k, _ in used)} app and {sum(k == 'stdlib' for k, _ in used)} standard library modules compiled")
`);
writeFileSync(`${site}/app.zip`, pyodide.FS.readFile("/tmp/app.out.zip"));
writeFileSync(`${site}/pyodide/python_stdlib.zip`, pyodide.FS.readFile("/tmp/stdlib.out.zip"));
