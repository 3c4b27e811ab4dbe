// Short names between the wasm and its wasm-bindgen glue, for the post-build (scripts/postbuild.mjs).
// wasm-bindgen names every function the wasm imports from its glue after the Rust item and a
// 16-hex-digit hash (`__wbg_setItem_5eb9f146607d950a`), under the module `./<crate>_bg.js`, and
// each name is written twice: in the wasm's import section and as a key of the glue's import
// object. The hashes are the least compressible bytes of both files (~5 KB of the first load's
// gzip). Here every such import gets a one- or two-letter name (a, b, … Z,
// aa, …), the module is called `m`, the glue's own exports (`__wbindgen_malloc`, the closures'
// `wasm_bindgen__convert__closures_____invoke__h…`) get short names too, and the wasm's custom
// sections (producers, target_features: nothing reads them at run time; a build made with -g for
// profiling keeps its function names) and the exports the glue never names are dropped.
// A name is changed only where the glue holds it exactly as expected (an import: once, as an
// object key; an export: only after a `.`), so both sides always agree; a name in any other
// shape is left long. Run again on its own output it changes nothing: short names are not
// wasm-bindgen's and are left as they are.
// `loader`: the text of the wasm chunks' loader (__wasm_split.js): an export it names is kept as it is.
// Returns { wasm, js, renamed } (renamed: how many names were shortened or dropped).

// LEB128, as the wasm binary format writes sizes and counts (also used by wasm-split-table.mjs)
export const uleb = (buf, at) => {
  let value = 0;
  let shift = 0;
  let byte;
  do {
    byte = buf[at++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
  } while (byte & 0x80);
  return [value, at];
};
export const leb = (n) => {
  const out = [];
  do {
    let byte = n & 0x7f;
    n = Math.floor(n / 128);
    if (n) byte |= 0x80;
    out.push(byte);
  } while (n);
  return Buffer.from(out);
};
const name = (buf, at) => {
  const [length, from] = uleb(buf, at);
  return [buf.subarray(from, from + length).toString('utf8'), from + length];
};
const encoded = (text) => {
  const bytes = Buffer.from(text, 'utf8');
  return Buffer.concat([leb(bytes.length), bytes]);
};
// a, b, … z, A, … Z, aa, ab, …
const LETTERS = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
const letters = (i) => (i < LETTERS.length ? LETTERS[i] : letters(Math.floor(i / LETTERS.length) - 1) + LETTERS[i % LETTERS.length]);
const count = (text, pattern) => (text.match(pattern) ?? []).length;
const word = (n) => n.replace(/[$]/g, '\\$');

// the end of an import's description (after its kind byte): a function's type index, a table's
// element type and limits, a memory's limits, a global's type and mutability
function descriptionEnd(buf, at) {
  const kind = buf[at++];
  const limits = (from) => {
    const flags = buf[from++];
    let [, next] = uleb(buf, from);
    if (flags & 1) [, next] = uleb(buf, next);
    return next;
  };
  switch (kind) {
    case 0: return uleb(buf, at)[1];
    case 1: return limits(at + 1);
    case 2: return limits(at);
    case 3: return at + 2;
    default: throw new Error(`wasm-names: an import of unknown kind ${kind}`);
  }
}

export function shortenNames(wasm, js, loader = '') {
  if (wasm.readUInt32LE(0) !== 0x6d736100 || wasm.readUInt32LE(4) !== 1) throw new Error('wasm-names: not a wasm module');
  const sections = [];
  for (let at = 8; at < wasm.length;) {
    const id = wasm[at];
    const [size, body] = uleb(wasm, at + 1);
    sections.push({ id, bytes: wasm.subarray(at, body + size), body: wasm.subarray(body, body + size) });
    at = body + size;
  }
  let renamed = 0;
  const rewritten = [];
  for (const section of sections) {
    // custom sections: dropped, but for the function names a profiling build asks for (-g)
    if (section.id === 0 && name(section.body, 0)[0] !== 'name') continue;
    if (section.id === 2) {
      const { body } = section;
      let [n, at] = uleb(body, 0);
      const parts = [leb(n)];
      const modules = new Map();
      const fields = new Map();
      let next = 0;
      for (let i = 0; i < n; i++) {
        const [module, afterModule] = name(body, at);
        const [field, afterField] = name(body, afterModule);
        const end = descriptionEnd(body, afterField);
        let newModule = module;
        if (/^\.\/[\w-]+_bg\.js$/.test(module)) {
          if (!modules.has(module)) {
            const key = new RegExp(`"${module.replace(/[.]/g, '\\.')}":`, 'g');
            const short = `m${modules.size || ''}`;
            if (count(js, key) === 1) {
              js = js.replace(key, `${short}:`);
              renamed++;
              modules.set(module, short);
            } else modules.set(module, module);
          }
          newModule = modules.get(module);
        }
        let newField = fields.get(field) ?? field;
        if (!fields.has(field) && /^(__wbg_|__wbindgen_)\w+$/.test(field)) {
          const key = new RegExp(`\\b${word(field)}\\b`, 'g');
          const asKey = new RegExp(`[{,]${word(field)}:`, 'g');
          if (count(js, key) === 1 && count(js, asKey) === 1) {
            newField = letters(next++);
            js = js.replace(asKey, (m) => `${m[0]}${newField}:`);
            renamed++;
          }
          fields.set(field, newField);
        }
        parts.push(encoded(newModule), encoded(newField), body.subarray(afterField, end));
        at = end;
      }
      const newBody = Buffer.concat(parts);
      rewritten.push(Buffer.from([2]), leb(newBody.length), newBody);
      continue;
    }
    if (section.id === 7) {
      const { body } = section;
      let [n, at] = uleb(body, 0);
      const parts = [];
      let next = 0;
      for (let i = 0; i < n; i++) {
        const [field, afterField] = name(body, at);
        const [, end] = uleb(body, afterField + 1);
        at = end;
        // an export the glue never names is one nothing can call (the start function's `main`,
        // wasm-bindgen's unused abort hooks, a wasm-split marker): dropped
        const uses = count(js, new RegExp(`\\b${word(field)}\\b`, 'g'));
        // an export the chunks' loader reads (the table, the shared globals) keeps its name
        if (new RegExp(`\\b${word(field)}\\b`).test(loader)) {
          parts.push(encoded(field), body.subarray(afterField, end));
          continue;
        }
        if (!uses) {
          renamed++;
          continue;
        }
        let newField = field;
        // any export the glue reads only as `.name` (wasm-bindgen's own, and the methods of the
        // classes a crate exports to JavaScript), but the memory and names already short
        if (field !== 'memory' && !/^x[a-zA-Z]{1,2}$/.test(field) && /^[A-Za-z_][\w]*$/.test(field)) {
          const accessed = new RegExp(`\\.${word(field)}\\b`, 'g');
          if (count(js, accessed) === uses) {
            newField = `x${letters(next++)}`;
            js = js.replace(accessed, `.${newField}`);
            renamed++;
          }
        }
        parts.push(encoded(newField), body.subarray(afterField, end));
      }
      const newBody = Buffer.concat([leb(parts.length / 2), ...parts]);
      rewritten.push(Buffer.from([7]), leb(newBody.length), newBody);
      continue;
    }
    rewritten.push(section.bytes);
  }
  return { wasm: Buffer.concat([wasm.subarray(0, 8), ...rewritten]), js, renamed };
}
