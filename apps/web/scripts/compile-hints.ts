// After `next build`: the first-load chunks get V8's compile hint (src/build/compile-hints.ts).
import path from 'node:path';
import { applyCompileHints } from '../src/build/compile-hints';

const distDir = path.resolve(process.env.NEXT_DIST_DIR || '.next');
const { hinted, bytes } = applyCompileHints(distDir);
console.log(`compile hints: ${hinted} first-load chunks (${Math.round(bytes / 1024)} KB) in ${path.basename(distDir)}`);
