// Types for `import styles from './x.module.css'`. Next.js provides them through the generated,
// git-ignored next-env.d.ts; referencing the same file here keeps `tsc` clean before the first
// `next dev`/`next build` and cannot clash with it (a file is only loaded once).
/// <reference types="next/types/global" />
