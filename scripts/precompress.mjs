// Brotli (quality 11) and gzip (level 9) copies beside each file named, for
// `gridlab serve` to send as the browser accepts (`make wasm` runs it on the module).
// Usage: node scripts/precompress.mjs FILE...

import { readFileSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, gzipSync, constants } from 'node:zlib';

for (const file of process.argv.slice(2)) {
  const data = readFileSync(file);
  const br = brotliCompressSync(data, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: 11,
      [constants.BROTLI_PARAM_LGWIN]: 24,
      [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
    },
  });
  const gz = gzipSync(data, { level: 9 });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gz);
  console.log(`${file}: ${data.length} bytes, ${gz.length} gzip, ${br.length} brotli`);
}
